import { useCallback, useEffect, useRef, useState } from 'react';
import type { SetupField, SetupFieldError, SetupStep } from '@contract';
import { api } from '../../api/client';
import { messageOf } from '../../actions/errors';
import { loadInfo } from '../../actions/workspace';

/** idle: nothing under way (a setup starts only when the user asks for one). */
export type Phase = 'idle' | 'loading' | 'step' | 'complete' | 'cancelled' | 'failed';

interface DoneStep {
  step: SetupStep;
  /** What was submitted, minus secrets (never kept). */
  values: Record<string, unknown>;
}

export interface SetupFlow {
  phase: Phase;
  step: SetupStep | null;
  values: Record<string, unknown>;
  errors: Record<string, string>;
  message: string | null;
  busy: boolean;
  history: SetupStep[];
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

function withoutSecrets(step: SetupStep, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of step.fields) if (!isSecret(f) && f.name in values) out[f.name] = values[f.name];
  return out;
}

function errorMap(list: SetupFieldError[] | null | undefined): Record<string, string> {
  const m: Record<string, string> = {};
  for (const e of list ?? []) m[e.field] = m[e.field] ? `${m[e.field]} ${e.message}` : e.message;
  return m;
}

/**
 * The wizard's state. Secret values live only in this hook's state while the step is on screen and are dropped as
 * soon as the step is submitted; nothing secret reaches the store. Back restarts the flow and replays earlier steps'
 * non-secret answers, because the protocols have no "previous step" command.
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
  const alive = useRef(true);

  const prefillRef = useRef(prefill);
  prefillRef.current = prefill;
  // What was set last time fills a step again (never a secret: the workbench does not send those).
  const show = (s: SetupStep, saved?: Record<string, unknown>) => {
    setStep(s);
    setValues(initialValues(s, saved ?? prefillRef.current?.(s.id)));
    setErrors({});
    setPhase('step');
  };

  const start = useCallback(() => {
    done.current = [];
    setHistory([]);
    setMessage(null);
    setPhase('loading');
    setBusy(true);
    api()
      .setupStart(skillId)
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
    const missing: Record<string, string> = {};
    for (const f of step.fields) {
      const v = values[f.name];
      if (f.required && (v === undefined || v === '' || (Array.isArray(v) && !v.length))) missing[f.name] = 'Please fill this in.';
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
    const submitted = values;
    try {
      const r = await api().setupSubmit(skillId, step.id, submitted);
      if (!alive.current) return;
      if (r.status === 'error') {
        setErrors(errorMap(r.errors));
        const n = r.errors?.length ?? 0;
        setMessage(r.message ?? (n === 1 ? 'Please check the answer marked below.' : n > 1 ? 'Please check the answers marked below.' : 'The skill did not accept these answers.'));
        return;
      }
      done.current = [...done.current, { step, values: withoutSecrets(step, submitted) }];
      setHistory(done.current.map((d) => d.step));
      if (r.status === 'complete') {
        done.current = [];
        setValues({});
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
      let s = await api().setupStart(skillId);
      const kept: DoneStep[] = [];
      for (const d of replay) {
        const r = await api().setupSubmit(skillId, s.id, d.values);
        if (r.status !== 'next' || !r.nextStep) {
          // A step needs something we did not keep (a secret): stop here and ask again.
          done.current = kept;
          setHistory(kept.map((k) => k.step));
          show(s, d.values);
          if (r.status === 'error') {
            setErrors(errorMap(r.errors));
            setMessage(r.message ?? 'Please fill this step in again.');
          }
          return;
        }
        kept.push(d);
        s = r.nextStep;
      }
      done.current = kept;
      setHistory(kept.map((k) => k.step));
      show(s, s.id === target.step.id ? target.values : undefined);
    } catch (err) {
      setMessage(messageOf(err));
    } finally {
      if (alive.current) setBusy(false);
    }
  };

  const cancel = async () => {
    setBusy(true);
    try {
      await api().setupCancel(skillId);
    } catch {
      /* the flow is abandoned either way */
    }
    done.current = [];
    setHistory([]);
    setValues({});
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
