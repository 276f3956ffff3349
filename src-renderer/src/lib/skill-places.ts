/**
 * Where skills share a name (five copies of "weather" in one workspace), the folder that tells each apart: the
 * shortest end of its path that no other skill of that name has, without the part they all end in. So
 * `team-a/weather` and `team-b/weather` read "team-a" and "team-b"; `weather-v1` and `weather-v2` read as such.
 */

export interface Placed {
  id: string;
  name: string;
  /** The skill's folder, absolute. */
  dir: string;
}

const segmentsOf = (dir: string) => dir.split(/[\\/]+/).filter(Boolean);

const tail = (segs: string[], n: number) => segs.slice(Math.max(0, segs.length - n)).join('/');

/** For each skill whose name another skill also has: the distinguishing folder (skills with a unique name are absent). */
export function distinguishingFolders(skills: readonly Placed[]): Map<string, string> {
  const byName = new Map<string, Placed[]>();
  for (const s of skills) {
    const key = s.name.trim().toLowerCase();
    const list = byName.get(key);
    if (list) list.push(s);
    else byName.set(key, [s]);
  }
  const out = new Map<string, string>();
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    const segs = group.map((s) => segmentsOf(s.dir));
    // The trailing folders every copy shares (often the skill's own folder name) say nothing: leave them out.
    let common = 0;
    while (
      segs.every((g) => g.length > common + 1) &&
      segs.every((g) => g[g.length - 1 - common] === segs[0][segs[0].length - 1 - common])
    ) common++;
    group.forEach((s, i) => {
      const mine = segs[i].slice(0, segs[i].length - common);
      const others = segs.filter((_, j) => j !== i).map((g) => g.slice(0, g.length - common));
      let n = 1;
      while (n < mine.length && others.some((o) => tail(o, n) === tail(mine, n))) n++;
      // Two skills of one name in the very same folder: the path cannot tell them apart, their ids can.
      out.set(s.id, others.some((o) => o.join('/') === mine.join('/')) ? s.id : tail(mine, n));
    });
  }
  return out;
}
