"""Tests of check.py and results.py: python3 -m unittest discover -s Benchmarks -p 'test_*.py'"""

import io
import json
import os
import tempfile
import unittest
from contextlib import redirect_stdout

import check
import results

THRESHOLDS = {
    "about": "fixture",
    "serve": {
        "edit @ 10 k": {"max": 50, "unit": "ms", "chosen": "fixture"},
        "writes a second": {"min": 20, "unit": "/s", "chosen": "fixture"},
        "first click @ 100,000": {"max": 6000, "unit": "ms", "goal": "< 1 s",
                                  "goal_max": 1000, "chosen": "fixture"},
        "edit @ 1 M": {"max": 900, "unit": "ms", "quick": False, "chosen": "fixture"},
    }
}


def result(figures, options=("quick",)):
    return {"benchmark": "serve", "conditions": {"options": list(options)},
            "figures": [{"name": n, "value": v, "unit": u} for n, v, u in figures]}


WITHIN = [("edit @ 10 k", 49.9, "ms"), ("writes a second", 25, "/s"),
          ("first click @ 100,000", 2500, "ms")]


class CheckTests(unittest.TestCase):
    def run_main(self, thresholds, document):
        with tempfile.TemporaryDirectory() as folder:
            paths = []
            for name, content in (("thresholds.json", thresholds), ("serve.json", document)):
                paths.append(os.path.join(folder, name))
                with open(paths[-1], "w") as file:
                    json.dump(content, file)
            output = io.StringIO()
            with redirect_stdout(output):
                status = check.main(["--thresholds", paths[0], paths[1]])
            return status, output.getvalue()

    def test_figures_within_their_limits_pass(self):
        status, output = self.run_main(THRESHOLDS, result(WITHIN))
        self.assertEqual(status, 0, output)
        self.assertNotIn("FAILED", output)
        self.assertIn("within: serve: edit @ 10 k = 49.9 ms (limit ≤ 50 ms)", output)

    def test_a_figure_past_its_maximum_fails_naming_figure_value_and_limit(self):
        figures = [("edit @ 10 k", 50.5, "ms")] + WITHIN[1:]
        status, output = self.run_main(THRESHOLDS, result(figures))
        self.assertEqual(status, 1)
        self.assertIn("FAILED: serve: edit @ 10 k = 50.5 ms, past its limit of at most 50 ms",
                      output)

    def test_a_rate_below_its_minimum_fails(self):
        figures = WITHIN[:1] + [("writes a second", 19, "/s")] + WITHIN[2:]
        status, output = self.run_main(THRESHOLDS, result(figures))
        self.assertEqual(status, 1)
        self.assertIn("writes a second = 19 /s, past its limit of at least 20 /s", output)

    def test_a_missed_goal_within_its_limit_is_noted_not_failed(self):
        status, output = self.run_main(THRESHOLDS, result(WITHIN))
        self.assertEqual(status, 0)
        self.assertIn("first click @ 100,000 = 2500 ms: within its limit, short of its goal "
                      "(< 1 s)", output)

    def test_a_figure_with_a_limit_missing_from_its_result_fails(self):
        status, output = self.run_main(THRESHOLDS, result(WITHIN[1:]))
        self.assertEqual(status, 1)
        self.assertIn("serve: edit @ 10 k: not measured", output)

    def test_a_figure_only_the_full_run_measures_may_be_missing_from_a_quick_run(self):
        self.assertEqual(self.run_main(THRESHOLDS, result(WITHIN))[0], 0)
        status, output = self.run_main(THRESHOLDS, result(WITHIN, options=()))
        self.assertEqual(status, 1)
        self.assertIn("serve: edit @ 1 M: not measured", output)
        self.assertNotIn("received 200", output)

    def test_a_figure_only_a_quick_run_measures_must_be_in_a_quick_run_only(self):
        limits = {"sync": {"received 200 @ time": {"max": 9000, "unit": "ms", "full": False,
                                                   "chosen": "fixture"}}}
        quick_run = dict(result([]), benchmark="sync")
        status, output = self.run_main(limits, quick_run)
        self.assertEqual(status, 1)
        self.assertIn("sync: received 200 @ time: not measured", output)
        self.assertEqual(self.run_main(limits, dict(result([]), benchmark="sync",
                                                    conditions={"options": []}))[0], 0)

    def test_a_unit_other_than_the_limits_fails(self):
        figures = [("edit @ 10 k", 0.01, "s")] + WITHIN[1:]
        status, output = self.run_main(THRESHOLDS, result(figures))
        self.assertEqual(status, 1)
        self.assertIn('measured in "s", its limit is in "ms"', output)

    def test_the_repositorys_thresholds_are_well_formed(self):
        here = os.path.dirname(os.path.abspath(__file__))
        thresholds = check.load(os.path.join(here, "thresholds.json"))
        for benchmark, limits in thresholds.items():
            if benchmark == "about":
                continue
            for name, limit in limits.items():
                with self.subTest(figure=f"{benchmark}: {name}"):
                    self.assertEqual(("max" in limit) + ("min" in limit), 1)
                    self.assertIn(limit.get("unit", ""), {u for u, _ in results.UNITS.values()})
                    self.assertTrue(limit.get("chosen"), "say how the limit was chosen")


class ResultsTests(unittest.TestCase):
    def test_cells_become_values_in_one_unit_per_kind(self):
        cases = {"12.3 ms": (12.3, "ms"), "1.23 s": (1230.0, "ms"), "812 µs": (0.812, "ms"),
                 "**1,910 ms**": (1910.0, "ms"), "45.6 MB": (45.6, "MB"), "1.05": (1.05, ""),
                 "2.81 M/s": (2.81e6, "/s"), "316 MB/s": (316.0, "MB/s"),
                 "17.4 (21.3) ms": None, "16.7 ms (n=3)": (16.7, "ms"),
                 "98.4 a second": (98.4, "/s"), "10 000": (10000.0, ""),
                 "-10.8 ms": (-10.8, "ms"), "1.23 ×": (1.23, ""),
                 "—": None, "yes": None, "12.1; 30.2 ms": None, "3 of 200": None}
        for cell, expected in cases.items():
            with self.subTest(cell=cell):
                parsed = results.parse_cell(cell)
                if expected is None:
                    self.assertIsNone(parsed)
                else:
                    self.assertAlmostEqual(parsed[0], expected[0])
                    self.assertEqual(parsed[1], expected[1])

    def test_a_row_of_counts_heads_the_rows_under_it(self):
        text = "\n".join([
            "| measure | 10 k rects | 100 k rects | target | met |",
            "|---|---:|---:|---|---|",
            "| decode, median | 12.0 ms | 130 ms | | |",
            "| store (wall time)⁶ | 10 000 drawings | 1 drawing | | |",
            "| drawdoc open ID, median | 20.0 ms | 10.0 ms | | |",
            "|   peak memory | 21 MB | 20 MB | | |",
            "| watch --json⁸ | 60 changes | | | |",
            "|   change begins → its line read, median | 9.00 ms | | < 100 ms | yes |",
        ])
        names = [f["name"] for f in results.figures_of(results.tables(text.splitlines()))]
        self.assertEqual(names, [
            "decode, median @ 10 k rects", "decode, median @ 100 k rects",
            "drawdoc open ID, median @ 10 000 drawings", "drawdoc open ID, median @ 1 drawing",
            "drawdoc open ID, median › peak memory @ 10 000 drawings",
            "drawdoc open ID, median › peak memory @ 1 drawing",
            "watch --json › change begins → its line read, median",
        ])

    def test_a_table_becomes_named_figures(self):
        text = "\n".join([
            "progress line",
            "| measure | 10 k rects | 100 k rects | target | met |",
            "| --- | ---: | ---: | --- | --- |",
            "| decode, median | 12.0 ms | 130 ms | < 1 s | yes |",
            "|   peak memory¹ (n=3) | 20.1 MB | — | | |",
            "| (encode + write) / ref_sax | 0.33 | 0.54 | | |",
            "| open → first click, median of 3 | 400 ms | 2.1 s | | |",
            "",
            "| app | figure | target | met |",
            "|---|---:|---|---|",
            "| page → page, median | 14.3 ms | < 20 ms | yes |",
            "",
            "| binary | command | 100 drawings | 10,000 drawings |",
            "|---|---|---|---|",
            "| this build | `new` | 659.8 ms (p90 795.8) | 393.8 ms (p90 546.2) |",
        ])
        figures = results.figures_of(results.tables(text.splitlines()))
        self.assertEqual(figures, [
            {"name": "decode, median @ 10 k rects", "value": 12.0, "unit": "ms"},
            {"name": "decode, median @ 100 k rects", "value": 130.0, "unit": "ms"},
            {"name": "decode, median › peak memory @ 10 k rects", "value": 20.1, "unit": "MB"},
            {"name": "(encode + write) / ref_sax @ 10 k rects", "value": 0.33, "unit": ""},
            {"name": "(encode + write) / ref_sax @ 100 k rects", "value": 0.54, "unit": ""},
            {"name": "open → first click, median @ 10 k rects", "value": 400.0, "unit": "ms"},
            {"name": "open → first click, median @ 100 k rects", "value": 2100.0, "unit": "ms"},
            {"name": "page → page, median", "value": 14.3, "unit": "ms"},
            {"name": "this build · new @ 100 drawings", "value": 659.8, "unit": "ms"},
            {"name": "this build · new @ 10,000 drawings", "value": 393.8, "unit": "ms"},
        ])


if __name__ == "__main__":
    unittest.main()
