#!/usr/bin/env python3
"""Benchmark results for tools/bench and tools/plot (Python 3 standard library only).

  results.py csv IN.jsonl OUT.csv      one CSV row per JSON line, the union of the fields
  results.py plot IN.jsonl IMAGES_DIR  frame-time.png, million-fps.png, interact.png and
                                       tessellation.png, with gnuplot
  results.py table IN.jsonl            the headline numbers as a Markdown table
"""

import csv
import json
import math
import os
import re
import subprocess
import sys
import tempfile

FRAME_BUDGET_MS = 1000 / 60
PATH_COLORS = {"direct": "#d62728", "atlas": "#1f77b4", "compose": "#2ca02c"}
RENDERER_DASH = {"opengl": 1, "opengles2": 2, "software": 3}
RENDERER_POINT = {"opengl": 7, "opengles2": 5, "software": 9}


def load(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                sys.exit(f"error: {path}:{number}: not JSON ({e.msg})")
    if not rows:
        sys.exit(f"error: {path} has no results")
    return rows


def to_csv(src, dst):
    rows = load(src)
    fields = []
    for row in rows:
        fields += [k for k in row if k not in fields]
    with open(dst, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
        w.writeheader()
        for row in rows:
            w.writerow({k: fmt_csv(v) for k, v in row.items()})


def fmt_csv(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    return v


def frame_rows(rows):
    return [r for r in rows if r.get("bench") == "frame"]


def tess_rows(rows):
    return [r for r in rows if r.get("bench") == "tessellate" and "ns_per_tick" in r]


def sweep_views(frames):
    """The scene size of the animating sweep: the most common one among frame rows."""
    counts = {}
    for r in frames:
        counts[r["views"]] = counts.get(r["views"], 0) + 1
    return max(counts, key=lambda v: (counts[v], -v)) if counts else None


def machine_line(rows, gl=True):
    r = rows[0]
    gls = sorted({x["gl"] for x in frame_rows(rows) if x.get("gl")}) if gl else []
    parts = [f"{r.get('cpu', '?')}, {r.get('cores', '?')} cores ({r.get('machine', '?')})"]
    if gls:
        parts.append(", ".join(gls))
    parts.append(f"commit {r.get('commit', '?')}, {r.get('run', '?')}")
    return " · ".join(parts)


def gp_str(s):
    s = str(s).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + s + '"'


def enhanced(s):
    """Text for gnuplot's enhanced mode, where _ ^ @ & ~ { } are markup."""
    return re.sub(r"([_^@&~{}])", r"\\\1", str(s))


def gp_title(title, rows, gl=True):
    """A two-line title: the chart, and below it in smaller type the machine and run."""
    return gp_str(enhanced(title) + "\n{/*0.8 " + enhanced(machine_line(rows, gl)) + "}")


def aa_label(v):
    return "AA" if v in (True, "true", 1, "on") else "no AA"


def plot(src, images):
    rows = load(src)
    os.makedirs(images, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="tickplot-") as tmp:
        script = []
        frames = frame_rows(rows)
        if frames:
            script += frame_chart(rows, frames, tmp, os.path.join(images, "frame-time.png"))
        else:
            print("plot: no frame rows; frame-time.png not drawn", file=sys.stderr)
        inter = [r for r in rows if r.get("bench") == "interact_frame"]
        if inter:
            script += interact_chart(rows, inter, tmp, os.path.join(images, "interact.png"))
        else:
            print("plot: no interact_frame rows; interact.png not drawn", file=sys.stderr)
        million = million_rows(frames)
        if million:
            script += million_chart(rows, million, tmp, os.path.join(images, "million-fps.png"))
        else:
            print("plot: no million-view rows; million-fps.png not drawn", file=sys.stderr)
        tess = tess_rows(rows)
        if tess:
            script += tess_chart(rows, tess, tmp, os.path.join(images, "tessellation.png"))
        else:
            print("plot: no tessellate rows; tessellation.png not drawn", file=sys.stderr)
        gp = os.path.join(tmp, "charts.gp")
        with open(gp, "w", encoding="utf-8") as f:
            f.write("\n".join(script) + "\n")
        subprocess.run(["gnuplot", gp], check=True)


def common_terminal(out):
    return [
        "reset",
        "set terminal pngcairo size 900,520 enhanced font 'DejaVu Sans,10'",
        f"set output {gp_str(out)}",
        "set border 3 lw 1 lc rgb '#555555'",
        "set tics nomirror",
        "set grid ytics lc rgb '#dddddd' lw 1 dt 1",
    ]


def frame_chart(rows, frames, tmp, out):
    views = sweep_views(frames)
    sweep = [r for r in frames if r["views"] == views]
    positive = sorted({r["animating"] for r in sweep if r["animating"] > 0})
    # A log axis has no 0: idle scenes sit half a decade left of the smallest count.
    zero_x = (positive[0] if positive else 100) / math.sqrt(10)
    series = {}
    for r in sweep:
        series.setdefault((r["path"], r["renderer"]), []).append(r)
    renderers = sorted({k[1] for k in series}, key=lambda n: (n not in RENDERER_DASH, n))
    paths = [p for p in PATH_COLORS if any(k[0] == p for k in series)]
    paths += sorted({k[0] for k in series} - set(paths))
    plots = []
    for path in paths:
        for renderer in renderers:
            pts = sorted(series.get((path, renderer), []), key=lambda r: r["animating"])
            if not pts:
                continue
            dat = os.path.join(tmp, f"frame-{path}-{renderer}.dat")
            with open(dat, "w", encoding="utf-8") as f:
                for r in pts:
                    x = r["animating"] if r["animating"] > 0 else zero_x
                    f.write(f"{x} {r['frame_ms_p50']}\n")
            color = PATH_COLORS.get(path, "#7f7f7f")
            plots.append(
                f"{gp_str(dat)} using 1:2 with linespoints lw 2 ps 1.1"
                f" lc rgb '{color}' dt {RENDERER_DASH.get(renderer, 4)}"
                f" pt {RENDERER_POINT.get(renderer, 6)}"
                f" title {gp_str(f'{path}, {renderer}')}"
            )
    xs = [zero_x] + positive
    tics = ", ".join(f'"{short_count(x) if x != zero_x else "0"}" {x}' for x in xs)
    ys = [r["frame_ms_p50"] for r in sweep]
    # The floor of a frame that changes everywhere, measured before each case: the median.
    bares = sorted(r["bare_frame_ms"] for r in sweep if "bare_frame_ms" in r)
    bare = bares[len(bares) // 2] if bares else float("nan")
    extra = []
    if bares:
        extra.append(
            f"{bare} with lines lw 1.5 dt 3 lc rgb '#888888'"
            f" title {gp_str(f'bare frame ({bare:.1f} ms)')}"
        )
    ymin = min(min(ys), FRAME_BUDGET_MS, bare if bares else math.inf) / 1.5
    ymax = max(max(ys), FRAME_BUDGET_MS) * 1.6
    cell = sweep[0].get("cell", "?")
    window = sweep[0].get("window", "?")
    title = (
        f"Frame time (median) against animating views: {views:,} views of {cell} px,"
        f" {window} window"
    )
    return common_terminal(out) + [
        f"set title {gp_title(title, rows)}",
        "set logscale xy",
        f"set xrange [{zero_x / 1.4}:{xs[-1] * 1.4}]",
        f"set yrange [{ymin}:{ymax}]",
        f"set xtics ({tics})",
        "set ytics (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000)",
        "set mytics 10",
        f"set xlabel {gp_str('views animating at once (log scale)' + capped_note(sweep))}",
        "set ylabel 'frame time, ms (p50, log scale)'",
        "set key outside right top vertical Left reverse samplen 3 spacing 1.2 font ',9'",
        f"set arrow from graph 0, first {FRAME_BUDGET_MS} to graph 1, first {FRAME_BUDGET_MS}"
        " nohead lw 1.5 dt 2 lc rgb '#444444' front",
        f"set label '16.7 ms = 60 fps' at graph 0.01, first {FRAME_BUDGET_MS * 1.07}"
        " left tc rgb '#444444' front",

        "plot " + ", \\\n  ".join(plots + extra),
    ]


def million_rows(frames):
    """The million-view sweep: a million views of 8 px, some or all animating, at 8 px
    and fitted to the window (`bench frame --fit`)."""
    return [r for r in frames if r["views"] == 1_000_000 and r.get("cell") == 8]


def million_chart(rows, million, tmp, out):
    """Frames a second against views animating, among a million views: at 8-px cells
    (16,000 visible) and fitted to the window (all visible)."""
    plots = []
    styles = {False: ("#1f77b4", 7, "8-px cells"), True: ("#d62728", 5, "fitted: all visible")}
    for fit, (color, point, name) in styles.items():
        pts = sorted(
            (r for r in million if bool(r.get("fit")) == fit and r["animating"] > 0),
            key=lambda r: r["animating"],
        )
        if not pts:
            continue
        dat = os.path.join(tmp, f"million-{'fit' if fit else 'cell'}.dat")
        with open(dat, "w", encoding="utf-8") as f:
            for r in pts:
                f.write(f"{r['animating']} {r['fps_p50']}\n")
        plots.append(
            f"{gp_str(dat)} using 1:2 with linespoints lw 2 ps 1.1 lc rgb '{color}'"
            f" pt {point} title {gp_str(name)}"
        )
    xs = sorted({r["animating"] for r in million if r["animating"] > 0})
    tics = ", ".join(f'"{short_count(x)}" {x}' for x in xs)
    fps = [r["fps_p50"] for r in million]
    window = million[0].get("window", "?")
    title = f"Frames a second (median) among 1,000,000 views, {window} window"
    return common_terminal(out) + [
        f"set title {gp_title(title, rows)}",
        "set logscale x",
        f"set xrange [{xs[0] / 1.4}:{xs[-1] * 1.4}]",
        f"set yrange [0:{max(max(fps), 60) * 1.15}]",
        f"set xtics ({tics})",
        "set xlabel 'views animating at once (log scale)'",
        "set ylabel 'frames a second (p50)'",
        "set key outside right top vertical Left reverse samplen 3 spacing 1.2 font ',9'",
        "set arrow from graph 0, first 60 to graph 1, first 60"
        " nohead lw 1.5 dt 2 lc rgb '#444444' front",
        "set label '60 fps' at graph 0.01, first 62 left tc rgb '#444444' front",
        "plot " + ", \\\n  ".join(plots),
    ]


def interact_chart(rows, inter, tmp, out):
    """Every frame of `bench interact`'s scripted session, one line per path, with the
    session's phases marked: where the hitches are."""
    renderer = inter[0].get("renderer") or inter[0].get("requested_renderer", "")
    inter = [r for r in inter if (r.get("renderer") or r.get("requested_renderer", "")) == renderer]
    plots = []
    series = {}
    for r in inter:
        series.setdefault(r["path"], []).append(r)
    for path in [p for p in PATH_COLORS if p in series] + sorted(set(series) - set(PATH_COLORS)):
        dat = os.path.join(tmp, f"interact-{path}.dat")
        with open(dat, "w", encoding="utf-8") as f:
            for r in sorted(series[path], key=lambda r: r["frame"]):
                f.write(f"{r['frame']} {max(r['ms'], 0.1)}\n")
        color = PATH_COLORS.get(path, "#7f7f7f")
        plots.append(f"{gp_str(dat)} using 1:2 with lines lw 1.4 lc rgb '{color}' title {gp_str(path)}")
    # The phases, from the first path's frames: a line where each starts, its name on top.
    first = series[next(iter(series))]
    marks = []
    seen = None
    for r in sorted(first, key=lambda r: r["frame"]):
        if r["phase"] != seen:
            seen = r["phase"]
            marks.append(
                f"set arrow from {r['frame']}, graph 0 to {r['frame']}, graph 1 nohead lw 1"
                " dt 3 lc rgb '#aaaaaa' back")
            marks.append(
                f"set label {gp_str(enhanced(seen))} at {r['frame'] + 2}, graph 0.96 left"
                " tc rgb '#555555' font ',9'")
    ys = [r["ms"] for r in inter]
    title = "bench interact: every frame of a scripted session (zoom, styles, paths, resize, rain)"
    return common_terminal(out) + [
        f"set title {gp_title(title, rows)}",
        "set logscale y",
        f"set yrange [1:{max(max(ys), FRAME_BUDGET_MS) * 1.5}]",
        "set ytics (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)",
        "set xlabel 'frame'",
        "set ylabel 'frame time, ms (log scale)'",
        "set key outside right top vertical Left reverse samplen 3 spacing 1.2 font ',9'",
        f"set arrow from graph 0, first {FRAME_BUDGET_MS} to graph 1, first {FRAME_BUDGET_MS}"
        " nohead lw 1.5 dt 2 lc rgb '#444444' front",
        f"set label '16.7 ms' at graph 0.995, first {FRAME_BUDGET_MS * 1.08} right tc rgb '#444444' front",
    ] + marks + ["plot " + ", \\\n  ".join(plots)]


def interact_table(inter):
    """`bench interact`: per path and phase, p50/p95/p99/worst frame ms, frames over 16.7 ms,
    p99 against the bare frame, and the first frame."""
    out = [
        "| renderer | path | phase | frames | p50 ms | p95 ms | p99 ms | worst ms | > 16.7 ms"
        " | p99 / bare | with sheet work: p50 ms (frames) | without: p50 ms |",
        "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in inter:
        renderer = r.get("renderer", "")
        if r["phase"] == "first_frame":
            out.append(
                f"| {renderer} | {r['path']} | first frame | 1 | {r['ms']:.1f} | | | | | | | |")
            continue
        out.append(
            f"| {renderer} | {r['path']} | {r['phase']} | {r['frames']} | {r['p50_ms']:.1f}"
            f" | {r['p95_ms']:.1f} | {r['p99_ms']:.1f} | {r['worst_ms']:.1f} | {r['over_16_7']}"
            f" | {r['p99_ratio_to_bare']:.2f} | {r['sheet_p50_ms']:.1f} ({r['sheet_frames']})"
            f" | {r['no_sheet_p50_ms']:.1f} |")
    return "\n".join(out)


def capped_note(sweep):
    """Says which paths stop short of the largest count (tools/bench --direct-max)."""
    top = max(r["animating"] for r in sweep)
    short = {}
    for r in sweep:
        short[r["path"]] = max(short.get(r["path"], 0), r["animating"])
    notes = [f"{p} timed up to {short_count(n)}" for p, n in short.items() if n < top]
    return "; " + ", ".join(notes) if notes else ""


def one_two_five(lo, hi):
    """Tick values 1, 2, 5, 10, 20, … between lo and hi."""
    out = []
    decade = 10 ** math.floor(math.log10(max(lo, 1e-9)))
    while decade <= hi:
        out += [m * decade for m in (1, 2, 5) if lo <= m * decade <= hi]
        decade *= 10
    return [int(t) if t >= 1 else t for t in out]


def short_count(n):
    if n >= 1_000_000 and n % 1_000_000 == 0:
        return f"{n // 1_000_000}M"
    if n >= 1000 and n % 1000 == 0:
        return f"{n // 1000}k"
    return str(n)


def tess_case(r):
    return (r.get("size", 0), aa_label(r.get("aa")) == "no AA", r.get("n", 0))


MODE_COLORS = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd"]
MODE_NAMES = {
    "direct": "direct: each tick stroked, discs from templates",
    "general": "general: every tick by the general stroke engine",
    "cached": "cached: a disc template and a tick template copied",
    "cached-view": "cached-view: one template of the whole view copied",
}


def tess_modes(tess):
    """The tessellation modes (direct, cached, …) in the order the bench printed them."""
    modes = []
    for r in tess:
        m = r.get("mode", "")
        if m not in modes:
            modes.append(m)
    return modes


def tess_chart(rows, tess, tmp, out):
    """Clusters of bars, one cluster per case (size, AA, N) and one bar per mode, with each
    bar's floor drawn across it as a black dash and the ratio over it."""
    cases = sorted({tess_case(r) for r in tess})
    modes = tess_modes(tess)
    width = 0.8 / len(modes)
    labels = []
    for i, (size, no_aa, n) in enumerate(cases):
        label = f"{size} px\n{'no AA' if no_aa else 'AA'}"
        if n:
            label += f"\nN = {short_count(n)}"
        labels.append(f"{gp_str(label)} {i}")
    plots = []
    values = []
    for j, mode in enumerate(modes):
        dat = os.path.join(tmp, f"tess-{j}.dat")
        with open(dat, "w", encoding="utf-8") as f:
            for r in tess:
                if r.get("mode", "") != mode:
                    continue
                x = cases.index(tess_case(r)) + (j - (len(modes) - 1) / 2) * width
                floor = r.get("floor_ns_per_tick", "NaN")
                ratio = r.get("ratio", "NaN")
                f.write(f"{x} {r['ns_per_tick']} {floor} {ratio}\n")
                values += [r["ns_per_tick"], r.get("floor_ns_per_tick", r["ns_per_tick"])]
        name = MODE_NAMES.get(mode, mode or "measured")
        color = MODE_COLORS[j % len(MODE_COLORS)]
        plots.append(
            f"{gp_str(dat)} using 1:2 with boxes lc rgb '{color}' title {gp_str(name)}"
        )
        plots.append(
            f"{gp_str(dat)} using ($1 - {width * 0.45}):3:({width * 0.9}):(0) with vectors"
            " nohead lw 3 lc rgb '#111111' notitle"
        )
        plots.append(
            f"{gp_str(dat)} using 1:2:(sprintf('×%.2g', $4)) with labels rotate left"
            " offset 0,0.35 font ',8' tc rgb '#333333' notitle"
        )
    # The floor's key entry: one dash, drawn off the chart.
    plots.append("NaN with lines lw 3 lc rgb '#111111' title 'floor: writing as many vertices and indices'")
    lo, hi = min(values), max(values)
    log = hi / max(lo, 1e-9) > 8
    title = "Tessellation: CPU time per view (a disc and a tick) against the floor"
    scale = (
        [
            "set logscale y",
            f"set ytics ({', '.join(str(t) for t in one_two_five(lo / 2, hi * 1.5))})",
            f"set yrange [{lo / 2}:{hi * 8}]",
            "set ylabel 'ns per view (log scale)'",
        ]
        if log
        else [f"set yrange [0:{hi * 1.4}]", "set ylabel 'ns per view'"]
    )
    return (
        common_terminal(out)
        + [
            f"set title {gp_title(title, rows, gl=False)}",
            "set bmargin 6.5",
            "set style fill solid 0.85 border lc rgb '#333333'",
            f"set boxwidth {width}",
            f"set xrange [-0.6:{len(cases) - 0.4}]",
            f"set xtics ({', '.join(labels)}) scale 0 font ',9'",
            "set xlabel 'case: view size, anti-aliasing, views per mesh; ×: time ÷ floor'"
            " offset 0,-2.2",
            "set key top left Left reverse samplen 2 spacing 1.1 font ',9'",
        ]
        + scale
        + ["plot " + ", \\\n  ".join(plots)]
    )


def table(src):
    rows = load(src)
    frames = frame_rows(rows)
    out = []
    if frames:
        views = sweep_views(frames)
        sweep = [r for r in frames if r["views"] == views]
        counts = sorted({r["animating"] for r in sweep})
        pick = [a for a in counts if a in (0, 1000, 3000, 10000)] or counts
        out.append(
            "| path | renderer | "
            + " | ".join(f"{short_count(a)} animating" for a in pick)
            + " | bare frame |"
        )
        out.append("| --- | --- | " + " | ".join("---:" for _ in pick) + " | ---: |")
        keys = sorted(
            {(r["path"], r["renderer"]) for r in sweep},
            key=lambda k: (list(PATH_COLORS).index(k[0]) if k[0] in PATH_COLORS else 9, k[1]),
        )
        for path, renderer in keys:
            cells = []
            bare = []
            for a in pick:
                m = [r for r in sweep if (r["path"], r["renderer"], r["animating"]) == (path, renderer, a)]
                if m:
                    cells.append(f"{m[0]['frame_ms_p50']:.1f} ms ({m[0]['fps_p50']:.0f} fps)")
                    bare.append(m[0]["bare_frame_ms"])
                else:
                    cells.append("—")
            bare_s = f"{sorted(bare)[len(bare) // 2]:.1f} ms" if bare else "—"
            out.append(f"| {path} | {renderer} | " + " | ".join(cells) + f" | {bare_s} |")
        big = [r for r in frames if r["views"] != views]
        if big:
            paths = [p for p in PATH_COLORS if any(r["path"] == p for r in big)]
            out.append("")
            out.append("| views | animating | renderer | " + " | ".join(paths) + " |")
            out.append("| ---: | ---: | --- | " + " | ".join("---:" for _ in paths) + " |")
            keys = sorted({(r["views"], r["animating"], r["renderer"]) for r in big})
            for v, a, renderer in keys:
                cells = []
                for p in paths:
                    m = [r for r in big if (r["views"], r["animating"], r["renderer"], r["path"]) == (v, a, renderer, p)]
                    cells.append(f"{m[0]['frame_ms_p50']:.1f} ms" if m else "—")
                out.append(f"| {v:,} | {a:,} | {renderer} | " + " | ".join(cells) + " |")
    inter = [r for r in rows if r.get("bench") == "interact"]
    if inter:
        out.append("")
        out.append(interact_table(inter))
    tess = tess_rows(rows)
    if tess:
        modes = tess_modes(tess)
        out.append("")
        out.append(
            "| size | AA | N | "
            + " | ".join(f"{m or 'measured'}: ns per view (× floor)" for m in modes)
            + " | "
            + " | ".join(f"{m or 'measured'}: triangles" for m in modes)
            + " |"
        )
        out.append("| ---: | --- | ---: | " + " | ".join("---:" for _ in modes * 2) + " |")
        for case in sorted({tess_case(r) for r in tess}):
            size, no_aa, n = case
            by = {r.get("mode", ""): r for r in tess if tess_case(r) == case}
            times = [
                f"{num(by[m]['ns_per_tick'])} (×{num(by[m].get('ratio'), 1)})" if m in by else "—"
                for m in modes
            ]
            tris = [num(by[m].get("triangles_per_tick"), 0) if m in by else "—" for m in modes]
            out.append(
                f"| {size} px | {'no' if no_aa else 'on'} | {n:,} | "
                + " | ".join(times + tris)
                + " |"
            )
    print("\n".join(out))


def num(v, digits=0):
    if v is None:
        return "—"
    return f"{v:,.{digits}f}"


def main(argv):
    if len(argv) == 4 and argv[1] == "csv":
        to_csv(argv[2], argv[3])
    elif len(argv) == 4 and argv[1] == "plot":
        plot(argv[2], argv[3])
    elif len(argv) == 3 and argv[1] == "table":
        table(argv[2])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
