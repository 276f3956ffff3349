/** The doctor's findings for a skill, as a reviewer would give them. */
export function DoctorTab({ skillId }: { skillId: string }) {
  return <div className="panel-loading" data-skill={skillId}>Doctor</div>;
}
