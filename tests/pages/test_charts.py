"""The arithmetic behind the inline SVG charts and the scenario graph."""
from campaign.pages.charts import CHAR_WIDTH, Series, line_chart, scenario_graph


def test_line_chart_puts_one_point_per_value_and_skips_gaps():
    chart = line_chart(["B1", "B2", "B3"], [Series("Killed", [1, None, 3])], width=360, height=200)
    (line,) = chart.lines
    assert [p["label"] for p in line["points"]] == ["B1", "B3"]
    assert line["points"][0]["x"] == chart.left
    assert line["points"][-1]["x"] == chart.left + chart.plot_width
    assert chart.rows[1] == {"label": "B2", "values": [""]}


def test_line_chart_scale_rounds_up_and_zero_sits_on_the_bottom_axis():
    chart = line_chart(["a", "b"], [Series("s", [0, 7])])
    assert chart.y_ticks[-1]["label"] == "10"
    bottom = chart.top + chart.plot_height
    assert chart.lines[0]["points"][0]["y"] == bottom


def test_line_chart_with_a_fixed_top_keeps_it():
    chart = line_chart(["a"], [Series("morale", [3])], y_max=5)
    assert chart.y_ticks[-1]["label"] == "5"


def test_line_chart_shows_at_most_about_six_x_labels():
    chart = line_chart([str(i) for i in range(20)], [Series("s", list(range(20)))])
    shown = [t for t in chart.x_ticks if t["show"]]
    assert len(shown) <= 8 and shown[-1]["label"] == "19"


def test_scenario_graph_puts_children_below_their_deepest_parent():
    nodes = [{"id": n} for n in ("a", "b", "c", "d")]
    edges = [
        {"source": "a", "target": "b"},
        {"source": "a", "target": "c"},
        {"source": "b", "target": "d"},
        {"source": "c", "target": "d"},
        {"source": "a", "target": "d"},
    ]
    layout = scenario_graph(nodes, edges)
    y = {n["id"]: n["y"] for n in layout.nodes}
    assert y["a"] < y["b"] == y["c"] < y["d"]
    assert all(n["x"] >= 0 and n["x"] + n["w"] <= layout.width for n in layout.nodes)
    assert len(layout.edges) == 5


def test_scenario_graph_survives_a_loop_back():
    nodes = [{"id": 1}, {"id": 2}]
    layout = scenario_graph(nodes, [{"source": 1, "target": 2}, {"source": 2, "target": 1}])
    back = [e for e in layout.edges if e["backwards"]]
    assert len(back) == 1


def test_line_chart_ticks_are_whole_numbers():
    for top in (1, 3, 7, 40):
        chart = line_chart(["a"], [Series("s", [top])])
        assert all(float(t["label"]).is_integer() for t in chart.y_ticks), chart.y_ticks



def _numbers(svg: str) -> list[str]:
    """Every number in the SVG's geometry: polyline points are "x,y" pairs, viewBox is four."""
    import re

    numbers = []
    for name, value in re.findall(r'\b(x|y|x1|x2|y1|y2|cx|cy|width|height|points|viewBox)="([^"]*)"', svg):
        for part in value.split():
            numbers.extend(part.split(",") if name == "points" else [part])
    return numbers


def test_charts_and_the_graph_write_coordinates_with_a_decimal_point_in_russian():
    from django.template.loader import render_to_string
    from django.utils import translation

    chart = line_chart(["B1", "B2", "B3"], [Series("Убито", [1.5, 2, 3.25])], width=333, height=201)
    graph = scenario_graph([{"id": 1, "name": "Высота"}, {"id": 2, "name": "Мост"}],
                           [{"source": 1, "target": 2}])
    with translation.override("ru"):
        svg = render_to_string("pages/includes/line_chart.html", {"chart": chart, "chart_id": "c"})
        svg += render_to_string("pages/includes/scenario_graph.html", {"graph": graph})
    numbers = _numbers(svg)
    assert any("." in n for n in numbers)
    assert [n for n in numbers if not _is_number(n)] == []


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def test_x_labels_stay_inside_the_chart_and_clear_of_each_other():
    names = ["Переправа через реку", "Высота 203", "Ночной рейд на станцию", "Б", "Мост"]
    chart = line_chart(names, [Series("s", [1, 2, 3, 4, 5])], width=360)
    shown = [t for t in chart.x_ticks if t["show"]]
    assert [t["anchor"] for t in shown] == ["middle", "middle", "middle", "middle", "end"]
    extents = []
    for tick in shown:
        width = len(tick["text"]) * 6.5
        start = {"start": tick["x"], "middle": tick["x"] - width / 2,
                 "end": tick["x"] - width}[tick["anchor"]]
        assert start >= 0 and start + width <= chart.width, tick  # not clipped
        extents.append((start, start + width))
    for (_, end), (start, _) in zip(extents, extents[1:], strict=False):
        assert end <= start  # no label runs into the next
    assert shown[0]["text"].endswith("…") and shown[0]["label"] == names[0]
    assert shown[3]["text"] == "Б"


def test_scenario_names_are_cut_to_their_box():
    nodes = [{"id": i, "name": "Ночной рейд на железнодорожную станцию", "result_text": "ничья"}
             for i in range(3)]
    graph = scenario_graph(nodes, [])
    for node in graph.nodes:
        assert node["name_text"].endswith("…")
        assert len(node["name_text"]) * CHAR_WIDTH * 1.3 <= node["w"] - 16 + CHAR_WIDTH * 1.3
        assert node["result_short"] == "ничья"
