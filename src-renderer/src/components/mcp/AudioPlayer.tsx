import { useEffect, useRef, useState } from 'react';
import { Play, Square } from 'lucide-react';
import { Button } from '../common/Button';
import { formatDuration } from '../../lib/format';
import styles from './AudioPlayer.module.css';
import logsStyles from '../logs/logs.module.css';

function bytesOf(base64: string): ArrayBuffer {
  const bin = atob(base64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out.buffer;
}

/**
 * Audio a server sent (base64). Played through Web Audio rather than an <audio> element: the workbench's
 * Content-Security-Policy has no media-src for data: or blob: addresses, and decoding in page needs none.
 */
export function AudioPlayer({ data, mimeType }: { data: string; mimeType: string }) {
  const ctx = useRef<AudioContext | null>(null);
  const source = useRef<AudioBufferSourceNode | null>(null);
  const [buffer, setBuffer] = useState<AudioBuffer | null>(null);
  const [playing, setPlaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const c = new AudioContext();
    ctx.current = c;
    c.decodeAudioData(bytesOf(data))
      .then((b) => live && setBuffer(b))
      .catch(() => live && setError(`This ${mimeType} audio cannot be played here.`));
    return () => {
      live = false;
      source.current?.stop();
      void c.close();
    };
  }, [data, mimeType]);

  const toggle = () => {
    const c = ctx.current;
    if (!c || !buffer) return;
    if (playing) {
      source.current?.stop();
      return;
    }
    const s = c.createBufferSource();
    s.buffer = buffer;
    s.connect(c.destination);
    s.onended = () => setPlaying(false);
    source.current = s;
    void c.resume();
    s.start();
    setPlaying(true);
  };

  return (
    <div className={styles.mcpAudio} data-testid="mcp-audio">
      <Button size="sm" icon={playing ? <Square size={12} /> : <Play size={12} />} onClick={toggle} disabled={!buffer} worksOffline>
        {playing ? 'Stop' : 'Play'}
      </Button>
      <span className="muted">
        {mimeType}
        {buffer ? ` · ${formatDuration(Math.round(buffer.duration * 1000))}` : ''} · {Math.round((data.length * 3) / 4).toLocaleString()} bytes
      </span>
      {error && <span className={logsStyles.errorText}>{error}</span>}
    </div>
  );
}
