/**
 * A local wheelhouse made in the test, so nothing is fetched: tiny pure-Python wheels written by hand (a `.whl` is
 * a zip with the package and its `<name>-<version>.dist-info/` holding METADATA, WHEEL and RECORD), each a
 * stand-in whose `__version__` is its version.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const WRITE = `
import base64, hashlib, json, sys, zipfile
out, wheels = sys.argv[1], json.loads(sys.argv[2])
for name, version in wheels:
    dist = f"{name}-{version}.dist-info"
    files = {
        f"{name}/__init__.py": f'__version__ = "{version}"\\n',
        f"{dist}/METADATA": f"Metadata-Version: 2.1\\nName: {name}\\nVersion: {version}\\nSummary: A stand-in made by the test\\n",
        f"{dist}/WHEEL": "Wheel-Version: 1.0\\nGenerator: skillbench-test\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n",
    }
    record = []
    for p, text in files.items():
        data = text.encode()
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{p},sha256={digest},{len(data)}")
    record.append(f"{dist}/RECORD,,")
    files[f"{dist}/RECORD"] = "\\n".join(record) + "\\n"
    with zipfile.ZipFile(f"{out}/{name}-{version}-py3-none-any.whl", "w") as z:
        for p, text in files.items():
            z.writestr(p, text)
`;

/** Writes one wheel per [name, version] into `dir`; returns `dir`. */
export function wheelhouse(dir: string, wheels: [name: string, version: string][]): string {
  execFileSync(process.env.SKILLBENCH_PYTHON ?? 'python3', ['-I', '-c', WRITE, dir, JSON.stringify(wheels)], { cwd: dir });
  return path.resolve(dir);
}
