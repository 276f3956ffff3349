import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store';
import { Spinner } from './Spinner';

/** Shown while the browser-mode socket is down; the app keeps working from what it has. */
export function ConnectionBanner() {
  const { connection, detail } = useStore(useShallow((s) => ({ connection: s.connection, detail: s.connectionDetail })));
  if (connection === 'open' || connection === 'connecting') return null;
  if (connection === 'reconnecting') {
    return (
      <div className="banner banner-warning" role="status">
        <Spinner size={13} />
        Connection to the workbench lost — reconnecting…
      </div>
    );
  }
  if (connection === 'unreachable') {
    return (
      <div className="banner banner-error" role="alert">
        <Spinner size={13} />
        Cannot reach the workbench. Is “skillbench serve” still running? If you restarted it, open the new address it printed
        (the old one stops working). Still trying…
      </div>
    );
  }
  return (
    <div className="banner banner-error" role="alert">
      {detail ?? 'The workbench refused this page. Open the address printed by “skillbench serve”.'}
    </div>
  );
}
