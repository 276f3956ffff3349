import settingsStyles from './settings.module.css';
/**
 * "Confine this skill": the operating system keeps the skill's processes to its data folder and a private
 * temporary folder, and off the network unless allowed (Linux: Landlock and seccomp; macOS: sandbox-exec).
 */
export function ConfineSetting({ name, on, network, onChange, onNetwork }: { name: string; on: boolean; network: boolean; onChange: (v: boolean) => void; onNetwork: (v: boolean) => void }) {
  return (
    <>
      <h3 className={`${settingsStyles.processSectionTitle} ${settingsStyles.processHistoryTitle}`}>Confinement</h3>
      <label className={settingsStyles.processInherit}>
        <input type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked)} aria-describedby="process-confine-help" data-testid="process-confine" />
        Confine this skill
      </label>
      {on && (
        <label className={settingsStyles.processInherit}>
          <input type="checkbox" checked={network} onChange={(e) => onNetwork(e.target.checked)} data-testid="process-confine-network" />
          Allow the network
        </label>
      )}
      <p className="field-help" id="process-confine-help" data-testid="process-confine-help">
        {on
          ? `${name} may write only to its data folder and a private temporary folder, read only its own folder, its interpreter and the system, and ${network ? 'use the network' : 'not use the network'}. Its header says what this computer enforces.`
          : `${name} runs with your rights: it can read and write anything you can.`}
      </p>
    </>
  );
}
