import { useCallback, useEffect, useRef, useState } from 'react';
import type { SetupField, SetupFieldError, SetupStep } from '@contract';
import * as setup from '../../actions/setup';
import { messageOf } from '../../actions/errors';
import { loadInfo } from '../../actions/workspace';

/** idle: nothing under way (a setup starts only when the user asks for one). */
export type Phase = 'idle' | 'loading' | 'step' | 'complete' | 'cancelled' | 'failed';

interface DoneStep {
  step: SetupStep;
  /** What was submitted, minus secrets. */
  values: Record<string, unknown>;
  /** The secrets submitted, held for Back until the flow ends (never in the store, never shown again). */
  secrets: Record<string, unknown>;
}

export interface SetupFlow {
  phase: Phase;
  step: SetupStep | null;
  values: Record<string, unknown>;
  errors: Record<string, string>;
  message: string | null;
  busy: boolean;
  history: SetupStep[];
  /** Secret fields of this step that hold what the user typed before Back: left empty, that is sent again. */
  kept: Record<string, true>;
  setValue(name: string, value: unknown): void;
  start(): void;
  next(): void;
  back(): void;
  cancel(): void;
}

const isSecret = (f: SetupField) => f.type === 'password';

function initialValues(step: SetupStep, saved?: Record<string, unknown>): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  for (const f of step.fields) {
    if (saved && f.name in saved) v[f.name] = saved[f.name];
    else if (f.default !== undefined && f.default !== null && !isSecret(f)) v[f.name] = f.default;
    else if (f.type === 'boolean') v[f.name] = false;
    else if (f.type === 'multiselect') v[f.name] = [];
  }
  return v;
}

function split(step: SetupStep, values: Record<string, unknown>, secret: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of step.fields) if (isSecret(f) === secret && f.name in values && values[f.name] !== '') out[f.name] = values[f.name];
  return out;
}

const empty = (v: unknown) => v === undefined || v === '' || (Array.isArray(v) && !v.length);

function errorMap(list: SetupFieldError[] | null | undefined): Record<string, string> {
  const m: Record<string, string> = {};
  for (const e of list ?? []) m[e.field] = m[e.field] ? `${m[e.field]} ${e.message}` : e.message;
  return m;
}

/**
 * The wizard's state. Secret values live only in this hook (never in the store) and only until the flow ends:
 * completed, cancelled or left. Back restarts the flow and replays the earlier steps' answers, because the protocols
 * have no "previous step" command; a secret typed before comes back as "kept", sent again unless the user types
 * another.
 */
export function useSetupFlow(skillId: string, prefill?: (stepId: string) => Record<string, unknown> | undefined): SetupFlow {
  const [phase, setPhase] = useState<Phase>('idle');
  const [step, setStep] = useState<SetupStep | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const done = useRef<DoneStep[]>([]);
  const [history, setHistory] = useState<SetupStep[]>([]);
  const [kept, setKept] = useState<Record<string, unknown>>({});
  const alive = useRef(true);

  const prefillRef = useRef(prefill);
  prefillRef.current = prefill;
  // What was set last time fills a step again (never a secret: the workbench does not send those).
  const show = (s: SetupStep, saved?: Record<string, unknown>, secrets: Record<string, unknown> = {}) => {
    setStep(s);
    setValues(initialValues(s, saved ?? prefillRef.current?.(s.id)));
    setKept(secrets);
    setErrors({});
    setPhase('step');
  };

  const start = useCallback(() => {
    done.current = [];
    setHistory([]);
    setMessage(null);
    setPhase('loading');
    setBusy(true);
    setup.setupStart(skillId)
      .then((s) => alive.current && show(s))
      .catch((err) => {
        if (!alive.current) return;
        setMessage(messageOf(err));
        setPhase('failed');
      })
      .finally(() => alive.current && setBusy(false));
  }, [skillId]);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, [skillId]);

  const next = async () => {
    if (!step || busy) return;
    // A kept secret left empty is sent as it was typed before Back.
    const submitted = { ...values };
    for (const [name, v] of Object.entries(kept)) if (empty(submitted[name])) submitted[name] = v;
    const missing: Record<string, string> = {};
    for (const f of step.fields) {
      const v = submitted[f.name];
      if (f.required && empty(v)) missing[f.name] = 'Please fill this in.';
      // A number field keeps text that is not a number (so nothing typed is lost); it is never sent as one.
      else if (f.type === 'number' && typeof v === 'string') missing[f.name] = 'Not a number';
    }
    if (Object.keys(missing).length) {
      setErrors(missing);
      setMessage(Object.values(missing).includes('Not a number') ? 'Some answers need fixing.' : 'Some required answers are missing.');
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const r = await setup.setupSubmit(skillId, step.id, submitted);
      if (!alive.current) return;
      if (r.status === 'error') {
        setErrors(errorMap(r.errors));
        const n = r.errors?.length ?? 0;
        setMessage(r.message ?? (n === 1 ? 'Please check the answer marked below.' : n > 1 ? 'Please check the answers marked below.' : 'The skill did not accept these answers.'));
        return;
      }
      done.current = [...done.current, { step, values: split(step, submitted, false), secrets: split(step, submitted, true) }];
      setHistory(done.current.map((d) => d.step));
      if (r.status === 'complete') {
        done.current = [];
        setValues({});
        setKept({});
        setStep(null);
        setMessage(r.message ?? null);
        setPhase('complete');
        void loadInfo(skillId, true);
      } else if (r.nextStep) {
        setMessage(r.message ?? null);
        show(r.nextStep);
      } else {
        setMessage('The skill did not say what comes next. Try starting the setup again.');
        setPhase('failed');
      }
    } catch (err) {
      if (alive.current) setMessage(messageOf(err));
    } finally {
      if (alive.current) setBusy(false);
    }
  };

  const back = async () => {
    if (busy || !done.current.length) return;
    const target = done.current[done.current.length - 1];
    const replay = done.current.slice(0, -1);
    setBusy(true);
    setMessage(null);
    try {
      let s = await setup.setupStart(skillId);
      const replayed: DoneStep[] = [];
      for (const d of replay) {
        const r = await setup.setupSubmit(skillId, s.id, { ...d.values, ...d.secrets });
        if (r.status !== 'next' || !r.nextStep) {
          // The skill no longer takes what it took (it changed meanwhile): stop on that step and ask again.
          done.current = replayed;
          setHistory(replayed.map((k) => k.step));
          show(s, d.values, d.secrets);
          if (r.status === 'error') {
            setErrors(errorMap(r.errors));
            setMessage(r.message ?? 'Please fill this step in again.');
          }
          return;
        }
        replayed.push(d);
        s = r.nextStep;
      }
      done.current = replayed;
      setHistory(replayed.map((k) => k.step));
      if (s.id === target.step.id) show(s, target.values, target.secrets);
      else show(s);
    } catch (err) {
      setMessage(messageOf(err));
    } finally {
      if (alive.current) setBusy(false);
    }
  };

  const cancel = async () => {
    setBusy(true);
    try {
      await setup.setupCancel(skillId);
    } catch {
      /* the flow is abandoned either way */
    }
    done.current = [];
    setHistory([]);
    setValues({});
    setKept({});
    setStep(null);
    setErrors({});
    setMessage(null);
    setPhase('cancelled');
    setBusy(false);
  };

  return {
    phase,
    step,
    values,
    errors,
    message,
    busy,
    history,
    kept: Object.fromEntries(Object.keys(kept).map((k) => [k, true as const])),
    setValue: (name, value) => {
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => {
        if (!e[name]) return e;
        const { [name]: _gone, ...rest } = e;
        void _gone;
        return rest;
      });
    },
    start,
    next: () => void next(),
    back: () => void back(),
    cancel: () => void cancel(),
  };
}
