import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store';
import { Spinner } from './Spinner';
import styles from './ConnectionBanner.module.css';
import commonStyles from './common.module.css';

/** Shown while the browser-mode socket is down; the page keeps what it has and greys out what needs the server. */
export function ConnectionBanner() {
  const { connection, detail, cli } = useStore(useShallow((s) => ({ connection: s.connection, detail: s.connectionDetail, cli: s.host?.cli })));
  // The command as the engine said it runs here (told before the connection went); a page that never connected has none.
  const serve = `${cli ?? 'skillbench'} serve`;
  if (connection === 'open' || connection === 'connecting') return null;
  if (connection === 'reconnecting') {
    return (
      <div className={`${commonStyles.banner} ${commonStyles.bannerWarning}`} role="status" data-testid="connection-banner">
        <Spinner size={13} />
        Connection to the workbench lost — reconnecting…
      </div>
    );
  }
  if (connection === 'lost') {
    return (
      <div className={`${commonStyles.banner} ${styles.bannerError}`} role="alert" data-testid="connection-banner">
        <span>
          <strong>The workbench server stopped.</strong> Start it again with <code>{serve}</code>, then
          open the address it prints (or reload this page if it is the same). Until then nothing here can run; this page reconnects by
          itself if the server comes back at the same address.
        </span>
      </div>
    );
  }
  if (connection === 'unreachable') {
    return (
      <div className={`${commonStyles.banner} ${styles.bannerError}`} role="alert" data-testid="connection-banner">
        <Spinner size={13} />
        Cannot reach the workbench. Is “{serve}” still running? If you restarted it, open the new address it printed
        (the old one stops working). Still trying…
      </div>
    );
  }
  return (
    <div className={`${commonStyles.banner} ${styles.bannerError}`} role="alert" data-testid="connection-banner">
      {detail ?? 'The workbench refused this page. Open the address printed by “skillbench serve”.'}
    </div>
  );
}
