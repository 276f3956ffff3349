/** A skill's recordings: record, annotate, browse past ones, export a report, replay. */
export function RecordingsTab({ skillId }: { skillId: string }) {
  return <div className="panel-loading" data-skill={skillId}>Recordings</div>;
}
