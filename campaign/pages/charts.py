"""Geometry for the inline SVG charts of the pages: no chart library, no JavaScript.

Pure functions: they take plain numbers and labels and return coordinates that the
templates (``templates/pages/includes/line_chart.html`` and ``scenario_graph.html``)
draw as SVG. Keeping the arithmetic here keeps the templates small and lets it be tested.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

#: Colours for series, distinguishable for the common colour-vision deficiencies.
PALETTE = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000")


@dataclass(frozen=True)
class Series:
    label: str
    values: Sequence[float | None]  # one per x label; None is a gap


@dataclass
class LineChart:
    width: int
    height: int
    left: int
    top: int
    plot_width: int
    plot_height: int
    x_ticks: list[dict] = field(default_factory=list)
    y_ticks: list[dict] = field(default_factory=list)
    lines: list[dict] = field(default_factory=list)
    rows: list[dict] = field(default_factory=list)  # the numbers as a table, one row per x


def _nice_max(value: float) -> int:
    """The smallest 'round' number (1, 2, 5 x 10^n) at or above ``value``, at least 1."""
    if value <= 1:
        return 1
    magnitude = 1
    while magnitude * 10 < value:
        magnitude *= 10
    for step in (1, 2, 5, 10):
        if step * magnitude >= value:
            return step * magnitude
    return 10 * magnitude  # pragma: no cover


def line_chart(
    x_labels: Sequence[str],
    series: Sequence[Series],
    *,
    width: int = 360,
    height: int = 200,
    y_max: float | None = None,
    y_tick_count: int | None = None,
) -> LineChart:
    """Coordinates of a line chart: one point per x label per series, y from 0 up.

    ``y_max`` fixes the top of the scale (e.g. the highest morale grade); otherwise it is the
    data's maximum rounded up to 1, 2 or 5 x 10^n.
    """
    left, top, right, bottom = 34, 10, 10, 28
    plot_w, plot_h = width - left - right, height - top - bottom
    data_max = max((v for s in series for v in s.values if v is not None), default=0)
    top_value = y_max if y_max is not None else _nice_max(data_max)
    if y_tick_count is None:  # whole-number steps: 0..5 in ones, 0..10 in twos, 0..50 in tens
        y_tick_count = int(top_value) if top_value <= 5 else 5
    count = len(x_labels)

    def x_at(i: int) -> float:
        return left + (plot_w / 2 if count == 1 else plot_w * i / (count - 1))

    def y_at(v: float) -> float:
        return top + plot_h - (plot_h * v / top_value if top_value else 0)

    chart = LineChart(width, height, left, top, plot_w, plot_h)
    every = max(1, -(-count // 6))  # at most ~6 x labels so they never overlap on a phone
    chart.x_ticks = [
        {"x": round(x_at(i), 1), "label": label, "show": i % every == 0 or i == count - 1}
        for i, label in enumerate(x_labels)
    ]
    _fit_x_labels([t for t in chart.x_ticks if t["show"]], plot_w, left, right)
    chart.y_ticks = [
        {"y": round(y_at(top_value * k / y_tick_count), 1), "label": _fmt(top_value * k / y_tick_count)}
        for k in range(y_tick_count + 1)
    ]
    for index, s in enumerate(series):
        points = [
            {"x": round(x_at(i), 1), "y": round(y_at(v), 1), "value": _fmt(v), "label": x_labels[i]}
            for i, v in enumerate(s.values)
            if v is not None
        ]
        chart.lines.append(
            {
                "label": s.label,
                "colour": PALETTE[index % len(PALETTE)],
                "points": points,
                "path": " ".join(f"{p['x']},{p['y']}" for p in points),
            }
        )
    chart.rows = [
        {"label": label, "values": [_fmt(s.values[i]) if s.values[i] is not None else "" for s in series]}
        for i, label in enumerate(x_labels)
    ]
    return chart


#: The width of one character of an axis label, in chart units (11px text, Cyrillic included).
CHAR_WIDTH = 6.5


def _fit_x_labels(shown: list[dict], plot_w: float, left: float, right: float) -> None:
    """Give each shown x label its ``text`` (shortened with "…" to the room it has, so that
    none is clipped by the chart's edge or runs into its neighbour; the full label stays in
    ``label`` for the tooltip and the table) and its ``anchor``: a label in the middle is
    centred on its point; the first and the last are centred too when the margin leaves them
    more room that way, else they start (end) at their point, so that both stay inside."""
    if len(shown) == 1:
        rooms = [("middle", plot_w + 2 * min(left, right))]
    else:
        half = plot_w / (len(shown) - 1) / 2  # up to the middle between two labels
        rooms = [max(("middle", 2 * min(left, half)), ("start", half), key=lambda r: r[1]),
                 *[("middle", 2 * half)] * (len(shown) - 2),
                 max(("middle", 2 * min(right, half)), ("end", half), key=lambda r: r[1])]
    for tick, (anchor, room) in zip(shown, rooms, strict=True):
        tick["text"] = shorten(tick["label"], room / CHAR_WIDTH)
        tick["anchor"] = anchor


def shorten(text: str, room: float) -> str:
    """``text`` if it has at most ``room`` characters, else cut to fit with "…" (at least 3)."""
    most = max(3, int(room))
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


def _fmt(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


@dataclass
class GraphLayout:
    width: int
    height: int
    nodes: list[dict] = field(default_factory=list)
    edges: list[dict] = field(default_factory=list)


def scenario_graph(
    nodes: Sequence[Mapping], edges: Sequence[Mapping], *, width: int = 360, row_height: int = 86
) -> GraphLayout:
    """Lay out a scenario graph top to bottom: each scenario one row below its deepest parent.

    ``nodes``: mappings with ``id`` (and anything the template shows: name, result, url...).
    ``edges``: mappings with ``source`` and ``target`` node ids (and an optional ``label``).
    Rows put the campaign's opening scenarios at the top; a phone reads it by scrolling down.
    """
    ids = [n["id"] for n in nodes]
    parents: dict = {i: [] for i in ids}
    for e in edges:
        if e["source"] in parents and e["target"] in parents:
            parents[e["target"]].append(e["source"])

    depth: dict = {}

    def depth_of(node_id, seen=()):
        if node_id in depth:
            return depth[node_id]
        if node_id in seen:  # a loop back to an earlier scenario: keep it on its first row
            return 0
        ps = parents[node_id]
        d = 0 if not ps else 1 + max(depth_of(p, (*seen, node_id)) for p in ps)
        depth[node_id] = d
        return d

    rows: dict[int, list] = {}
    for n in nodes:
        rows.setdefault(depth_of(n["id"]), []).append(n)
    box_h, pad = 52, 8
    layout = GraphLayout(width=width, height=row_height * (max(rows, default=-1) + 1) + pad)
    placed: dict = {}
    for row, members in sorted(rows.items()):
        slot = (width - pad * 2) / len(members)
        for col, n in enumerate(members):
            box_w = min(slot - pad, 220)
            x = pad + slot * col + (slot - box_w) / 2
            y = pad + row * row_height
            placed[n["id"]] = {
                **n,
                "x": round(x, 1),
                "y": y,
                "w": round(box_w, 1),
                "h": box_h,
                "cx": round(x + box_w / 2, 1),
                "text_x": round(x + 8, 1),
                # what fits in the box (13px bold name, 11px result), the rest in the tooltip
                "name_text": shorten(str(n.get("name", "")), (box_w - 16) / (CHAR_WIDTH * 1.3)),
                "result_short": shorten(str(n.get("result_text", "")), (box_w - 16) / CHAR_WIDTH),
            }
    layout.nodes = list(placed.values())
    for e in edges:
        a, b = placed.get(e["source"]), placed.get(e["target"])
        if not a or not b:
            continue
        backwards = b["y"] <= a["y"]
        layout.edges.append(
            {
                **e,
                "x1": a["cx"],
                "y1": a["y"] + (0 if backwards else a["h"]),
                "x2": b["cx"],
                "y2": b["y"] + (b["h"] if backwards else 0),
                "backwards": backwards,
            }
        )
    return layout
