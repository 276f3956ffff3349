/**
 * The GitHub Actions workflow `skillbench ci init` writes (and the README shows): a matrix of N shard jobs,
 * each replaying its part of the recordings and running its part of the collections, each uploading its blob;
 * then one job that downloads them all, merges them into one JUnit file and one HTML report, and uploads
 * those. Written as text, not built with a YAML library, so it keeps its comments and reads as a person
 * would write it; the tests parse it with the `yaml` package.
 */
export interface WorkflowOptions {
  shards: number;
  /** Folders relative to the repository's root; a step is written for each one given. */
  recordings?: string;
  collections?: string;
}

export const WORKFLOW_FILE = '.github/workflows/skillbench.yml';
export const BLOB_DIR = 'skillbench-blobs';

const SETUP = `      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 24
      # skillbench comes from this repository's devDependencies (the skill-workbench package).
      - name: Install
        run: npm ci`;

export function workflowYaml(o: WorkflowOptions): string {
  const n = o.shards;
  const shard = `\${{ matrix.shard }}/${n}`;
  const steps: string[] = [];
  if (o.recordings) {
    steps.push(`      - name: Replay the recordings
        run: npx skillbench replay ${quote(o.recordings)} --shard ${shard} --blob ${BLOB_DIR}`);
  }
  if (o.collections) {
    steps.push(`      - name: Run the collections
        if: \${{ !cancelled() }}
        run: npx skillbench run ${quote(o.collections)} --shard ${shard} --blob ${BLOB_DIR}`);
  }
  return `# Written by \`skillbench ci init --shards ${n}\`.
# ${n} machines each replay their share of the recordings and run their share of the saved requests
# (\`--shard i/${n}\`); each keeps its results as a blob. One last job merges the blobs into one JUnit file and
# one HTML report with a shard column; it fails when any shard found a failure. Secrets a collection needs come
# from SKILLBENCH_SECRET_<NAME> variables: add them to the shard job's env from your repository's secrets.
name: skillbench

on:
  push:
  pull_request:

jobs:
  shard:
    name: skillbench shard \${{ matrix.shard }}/${n}
    runs-on: ubuntu-latest
    strategy:
      fail-fast: false
      matrix:
        shard: [${Array.from({ length: n }, (_, i) => i + 1).join(', ')}]
    steps:
${SETUP}
      - uses: actions/setup-python@v5
        with:
          python-version: '3.11'
${steps.join('\n')}
      - name: Keep this shard's results
        if: \${{ !cancelled() }}
        uses: actions/upload-artifact@v4
        with:
          name: skillbench-blob-\${{ matrix.shard }}
          path: ${BLOB_DIR}/
          if-no-files-found: error

  merge:
    name: skillbench report
    needs: shard
    if: \${{ !cancelled() }}
    runs-on: ubuntu-latest
    steps:
${SETUP}
      - uses: actions/download-artifact@v4
        with:
          pattern: skillbench-blob-*
          path: ${BLOB_DIR}
          merge-multiple: true
      - name: Merge the shards
        run: npx skillbench merge-reports ${BLOB_DIR} --junit skillbench.xml --html skillbench.html
      - name: Keep the report
        if: \${{ !cancelled() }}
        uses: actions/upload-artifact@v4
        with:
          name: skillbench-report
          path: |
            skillbench.xml
            skillbench.html
`;
}

/** A path as a shell word: bare where it is safe, else single-quoted. */
function quote(p: string): string {
  return /^[\w./-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`;
}
