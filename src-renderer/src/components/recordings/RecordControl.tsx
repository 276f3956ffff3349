import { useEffect, useState, type FormEvent } from 'react';
import { Circle, Square, StickyNotePlus } from 'lucide-react';
import * as recordings from '../../actions/recordings';
import { toastError } from '../../actions/errors';
import { Button, IconButton } from '../common/Button';
import { Popover } from './Popover';
import { recordingSelectors, useStore } from '../../store';

import styles from './RecordControl.module.css';
import recordingsStyles from './recordings.module.css';

/**
 * The skill header's recorder: Record (optionally named), then a live "REC" indicator with the record
 * count, a note at any moment, and Stop. Everything the skill does meanwhile goes into the file.
 */
export function RecordControl({ skillId }: { skillId: string }) {
  useEffect(() => recordings.wireRecordings(), []);
  const active = useStore(recordingSelectors.active(skillId));
  const [panel, setPanel] = useState<'start' | 'note' | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => setPanel(null);

  const run = async (what: string, fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      toastError(err, what);
    } finally {
      setBusy(false);
    }
  };

  // `run` reports its own failures: the handlers need not be awaited.
  const start = (name: string) =>
    void run('Could not start recording', async () => {
      useStore.getState().upsertRecording(await recordings.startRecording(skillId, name.trim() || undefined));
      close();
    });
  const stop = () =>
    run('Could not stop the recording', async () => {
      const info = await recordings.stopRecording(skillId);
      if (info) {
        useStore.getState().upsertRecording(info);
        useStore.getState().pushToast('success', `Recording “${info.name}” saved: ${info.records} records.`);
      }
      close();
    });
  const note = (text: string) =>
    void run('Could not add the note', async () => {
      await recordings.annotate(skillId, text);
      useStore.getState().pushToast('success', active ? 'Note added to the recording and the timeline.' : 'Note added to the timeline.');
      close();
    });

  const notePanel = (
    <Popover open={panel === 'note'} onClose={close} label="Add a note">
      <TextForm
        label="Note at this moment"
        hint={active ? 'Saved in the recording and shown on the timeline.' : 'Shown on the timeline (nothing is being recorded now).'}
        placeholder="What did you notice?"
        submit="Add note"
        testId="note-text"
        busy={busy}
        onSubmit={note}
      />
    </Popover>
  );

  if (!active) {
    return (
      <span className={styles.recControl}>
        <Button size="sm" icon={<Circle size={10} className={styles.recDotIcon} />} onClick={() => setPanel(panel === 'start' ? null : 'start')} aria-expanded={panel === 'start'} data-testid="record-start" disabled={busy}>
          Record
        </Button>
        <IconButton size="sm" label="Add a note to the timeline" icon={<StickyNotePlus size={13} />} onClick={() => setPanel(panel === 'note' ? null : 'note')} aria-expanded={panel === 'note'} data-testid="record-note" disabled={busy} />
        <Popover open={panel === 'start'} onClose={close} label="Start recording">
          <TextForm
            label="Name this recording"
            hint="Optional. Everything the skill does from now on goes into one file you can browse, report on and replay."
            placeholder="e.g. checkout regression"
            submit="Start recording"
            testId="record-name"
            busy={busy}
            optional
            onSubmit={start}
          />
        </Popover>
        {notePanel}
      </span>
    );
  }

  return (
    <span className={`${styles.recControl} ${styles.isRecording}`}>
      <span className={styles.recIndicator} data-testid="recording-indicator" title={`Recording into ${active.file}`}>
        <span className={recordingsStyles.recDot} aria-hidden="true" />
        REC
        <span className={styles.recCount} data-testid="record-count" aria-label={`${active.records} records`}>
          {active.records.toLocaleString()} {active.records === 1 ? 'record' : 'records'}
        </span>
      </span>
      <Button size="sm" variant="ghost" icon={<StickyNotePlus size={12} />} onClick={() => setPanel(panel === 'note' ? null : 'note')} aria-expanded={panel === 'note'} data-testid="record-note" disabled={busy}>
        Note
      </Button>
      <Button size="sm" variant="ghost" icon={<Square size={10} className={styles.recStopIcon} />} onClick={() => void stop()} data-testid="record-stop" disabled={busy}>
        Stop recording
      </Button>
      {notePanel}
    </span>
  );
}

function TextForm({ label, hint, placeholder, submit, testId, busy, optional, onSubmit }: {
  label: string;
  hint: string;
  placeholder: string;
  submit: string;
  testId: string;
  busy: boolean;
  optional?: boolean;
  onSubmit(text: string): void;
}) {
  const [text, setText] = useState('');
  const ok = optional || text.trim() !== '';
  const go = (e: FormEvent) => {
    e.preventDefault();
    if (ok && !busy) onSubmit(text);
  };
  return (
    <form className={styles.recForm} onSubmit={go}>
      <label className={styles.recFormLabel} htmlFor={`${testId}-input`}>{label}</label>
      <input
        id={`${testId}-input`}
        className="input"
        autoFocus
        value={text}
        placeholder={placeholder}
        maxLength={500}
        onChange={(e) => setText(e.target.value)}
        data-testid={testId}
      />
      <p className={styles.recFormHint}>{hint}</p>
      <div className={styles.recFormActions}>
        <Button size="sm" variant="primary" type="submit" disabled={!ok || busy} busy={busy} data-testid={`${testId}-submit`}>
          {submit}
        </Button>
      </div>
    </form>
  );
}
