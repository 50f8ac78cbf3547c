"""Tests of plumb_client (standard library only).

``LiveServerTest`` runs against a real ``plumb serve`` at ``$PLUMB_URL`` and is skipped when it is
unset. The other tests need no Plumb server: they use a closed port and a scripted stub server.

    PLUMB_URL=http://127.0.0.1:8177 PYTHONPATH=clients/python python3 -m unittest discover -s clients/python/tests -v
"""

import json
import os
import socket
import subprocess
import sys
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Optional, Tuple
from unittest import mock

from plumb_client import (
    GradeResult,
    Instance,
    PlumbClient,
    PlumbConnectionError,
    PlumbError,
    Prompt,
    StepResult,
    TaskInfo,
    VerifyResult,
    camel_options,
    completion_text,
    reward_function,
)

URL = os.environ.get("PLUMB_URL", "").strip()

Point = Dict[str, int]


def path_text(path: List[Point]) -> str:
    """A SPaRC path in the default prompt's answer format: ``#### [(x, y), ...]``."""
    return "#### [" + ", ".join(f"({p['x']}, {p['y']})" for p in path) + "]"


def moves(path: List[Point]) -> List[str]:
    """The gym actions (right, up, left, down) that draw ``path`` from its first point."""
    out = []
    for a, b in zip(path, path[1:]):
        dx, dy = b["x"] - a["x"], b["y"] - a["y"]
        out.append({(1, 0): "right", (0, -1): "up", (-1, 0): "left", (0, 1): "down"}[(dx, dy)])
    return out


def solution(instance: Instance) -> List[Point]:
    """The first stored solution of a SPaRC instance (generated records keep their solutions)."""
    return instance["data"]["solutions"][0]["path"]


def closed_port() -> int:
    """A local port nothing listens on (bound, then released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ------------------------------------------------------------------------------------ live server


@unittest.skipUnless(URL, "PLUMB_URL is not set: no plumb serve to test against")
class LiveServerTest(unittest.TestCase):
    client: PlumbClient
    instances: List[Instance]

    @classmethod
    def setUpClass(cls) -> None:
        cls.client = PlumbClient(URL, timeout=60.0, retries=2, backoff=0.2)
        cls.client.wait_ready(timeout=60.0)
        cls.instances = cls.client.generate("sparc", seed="11", count=3)

    def test_health_and_ready(self) -> None:
        self.assertTrue(self.client.health())
        self.assertTrue(self.client.ready())

    def test_tasks(self) -> None:
        tasks = self.client.tasks()
        self.assertGreater(len(tasks), 0)
        self.assertTrue(all(isinstance(t, TaskInfo) for t in tasks))
        ids = [t.id for t in tasks]
        self.assertEqual(len(ids), len(set(ids)))
        sparc = next(t for t in tasks if t.id == "sparc")
        self.assertEqual(sparc.suite, "sparc")
        self.assertTrue(sparc.interactive)
        self.assertTrue(sparc.description)

    def test_generate_is_deterministic(self) -> None:
        a = self.client.generate("sparc", seed="7", count=2)
        b = self.client.generate("sparc", seed="7", count=2)
        c = self.client.generate("sparc", seed=8, count=2)
        self.assertEqual(len(a), 2)
        self.assertEqual(a, b)
        self.assertNotEqual([i["id"] for i in a], [i["id"] for i in c])
        self.assertNotEqual(a[0]["id"], a[1]["id"])
        self.assertEqual(a, self.client.generate("sparc", seed=7, count=2))
        for inst in a:
            self.assertEqual(inst["task"], "sparc")
            self.assertGreater(len(solution(inst)), 1)

    def test_generate_with_level(self) -> None:
        [inst] = self.client.generate("sparc", level="difficulty-1", seed="3")
        self.assertEqual(inst["data"]["difficulty_level"], 1)

    def test_prompt(self) -> None:
        p = self.client.prompt("sparc", self.instances[0])
        self.assertIsInstance(p, Prompt)
        self.assertGreater(len(p.messages), 0)
        self.assertIn("####", p.messages[-1].content)
        self.assertEqual(p.to_chat()[-1]["role"], p.messages[-1].role)

    def test_grade_right_wrong_and_unreadable(self) -> None:
        inst = self.instances[0]
        path = solution(inst)
        right = self.client.grade("sparc", inst, "The line goes round the squares.\n" + path_text(path))
        self.assertIsInstance(right, GradeResult)
        self.assertTrue(right.verdict.passed)
        self.assertEqual(right.verdict.score, 1.0)
        self.assertIsNone(right.verdict.failure)
        self.assertEqual(right.answer, path)
        self.assertEqual(right.reward, 1.0)

        wrong = self.client.grade("sparc", inst, path_text(path[:2]))
        self.assertFalse(wrong.verdict.passed)
        self.assertEqual(wrong.verdict.score, 0.0)
        self.assertIsNotNone(wrong.verdict.failure)
        self.assertTrue(any(not c.ok for c in wrong.verdict.checks))

        unreadable = self.client.grade("sparc", inst, "I have no idea.")
        self.assertEqual(unreadable.verdict.score, 0.0)
        self.assertEqual(unreadable.verdict.failure_kind, "parse")

    def test_verify(self) -> None:
        inst = self.instances[1]
        ok = self.client.verify("sparc", inst, solution(inst))
        self.assertIsInstance(ok, VerifyResult)
        self.assertTrue(ok.verdict.passed)
        self.assertEqual(ok.verdict.score, 1.0)
        bad = self.client.verify("sparc", inst, solution(inst)[:1])
        self.assertFalse(bad.verdict.passed)
        self.assertEqual(bad.verdict.score, 0.0)

    def test_bad_request_raises_plumb_error_with_field(self) -> None:
        with self.assertRaises(PlumbError) as missing:
            self.client.request("POST", "/v1/grade", {"task": "sparc", "instance": self.instances[0]})
        self.assertEqual(missing.exception.status, 400)
        self.assertEqual(missing.exception.field, "text")
        self.assertTrue(missing.exception.code)
        self.assertTrue(missing.exception.message)

        with self.assertRaises(PlumbError) as unknown:
            self.client.grade("no-such-task", self.instances[0], "####")
        self.assertIn(unknown.exception.status, (400, 404))
        self.assertEqual(unknown.exception.field, "task")

        with self.assertRaises(PlumbError) as not_found:
            self.client.request("GET", "/v1/no-such-endpoint")
        self.assertEqual(not_found.exception.status, 404)

    def test_a_body_over_the_servers_limit_is_a_413(self) -> None:
        # The server refuses it while it is sent and closes the connection; its answer is still read.
        # (17 MiB: over the default --max-body-bytes of 16 MiB.)
        with mock.patch("plumb_client.client.time.sleep") as sleep:
            try:
                self.client.grade("sparc", self.instances[0], "x" * (17 * 1024 * 1024))
            except PlumbError as e:
                self.assertEqual((e.status, e.code), (413, "too_large"))
            else:
                self.skipTest("this server takes bodies over 17 MiB")
        self.assertEqual(sleep.call_count, 0)

    def test_batch_keeps_order_and_reports_item_errors(self) -> None:
        a, b, c = self.instances
        items = [
            {"task": "sparc", "instance": a, "text": path_text(solution(a))},
            {"task": "sparc", "instance": b, "text": path_text(solution(b)[:2])},
            {"task": "no-such-task", "instance": a, "text": "####"},
            {"task": "sparc", "instance": c, "text": path_text(solution(c))},
            {"task": "sparc", "instance": c},
        ]
        for chunk_size, workers in [(1024, 1), (2, 1), (2, 3)]:
            results = self.client.grade_batch(items, chunk_size=chunk_size, max_workers=workers)
            self.assertEqual(len(results), len(items))
            r0, r1, r2, r3, r4 = results
            assert isinstance(r0, GradeResult) and isinstance(r1, GradeResult) and isinstance(r3, GradeResult)
            self.assertEqual([r0.verdict.score, r1.verdict.score, r3.verdict.score], [1.0, 0.0, 1.0])
            self.assertEqual(r3.answer, solution(c))
            assert isinstance(r2, PlumbError) and isinstance(r4, PlumbError)
            self.assertIn(r2.status, (400, 404))
            self.assertEqual(r2.field, "task")
            self.assertEqual(r4.status, 400)
            self.assertTrue(r4.field and r4.field.endswith("text"), r4.field)

        verified = self.client.verify_batch(
            [{"task": "sparc", "instance": i, "answer": solution(i)[: 1 + k]} for k, i in enumerate([a, b])]
            + [{"task": "sparc", "instance": c, "answer": solution(c)}]
        )
        self.assertEqual([v.verdict.passed for v in verified if isinstance(v, VerifyResult)], [False, False, True])

        generated = self.client.generate_batch(
            [{"task": "sparc", "seed": "7", "count": 2}, {"task": "no-such-task"}, {"task": "sparc", "seed": "11"}]
        )
        self.assertEqual(generated[0], self.client.generate("sparc", seed="7", count=2))
        self.assertIsInstance(generated[1], PlumbError)
        self.assertEqual(generated[2], [a])

        prompts = self.client.prompt_batch([{"task": "sparc", "instance": i} for i in (a, b)])
        self.assertTrue(all(isinstance(p, Prompt) and p.messages for p in prompts))
        self.assertEqual(prompts[0], self.client.prompt("sparc", a))

    def test_session_played_until_done(self) -> None:
        inst = self.instances[0]
        path = solution(inst)
        with self.client.session("sparc", inst) as s:
            self.assertTrue(s.id)
            self.assertIn("ACTIONS", s.instructions)
            self.assertIn("Legal actions", s.observation.text)
            self.assertFalse(s.done)
            self.assertEqual(s.steps, 0)

            nonsense = s.step("I am not sure what to do.")
            self.assertIsInstance(nonsense, StepResult)
            self.assertTrue(nonsense.invalid)
            self.assertIsNone(nonsense.error)
            self.assertFalse(nonsense.done)
            spent = 1

            # A move the environment refuses (off the grid, into a cell...) is reported, not raised.
            legal = next(line for line in s.observation.text.splitlines() if line.startswith("Legal actions"))
            illegal = [d for d in ("right", "up", "left", "down") if d not in legal]
            if illegal:
                refused = s.step(f"Final: {illegal[0]}")
                self.assertIsNone(refused.invalid)
                self.assertTrue(refused.error)
                self.assertFalse(refused.done)
                spent += 1

            last: Optional[StepResult] = None
            for k, action in enumerate(moves(path)):
                self.assertFalse(s.done, f"done early, after {k} moves")
                last = s.step(f"Thinking it over.\nFinal: {action}")
                self.assertFalse(last.invalid)
                self.assertIsNone(last.error)
            assert last is not None
            self.assertTrue(last.done)
            self.assertTrue(last.success)
            self.assertEqual(last.reward, 1.0)
            self.assertTrue(s.done and s.success)
            self.assertEqual(s.steps, len(path) - 1 + spent)  # the unread and refused turns count too
            state = s.state()
            self.assertTrue(state.get("done"))
        self.assertTrue(s.closed)
        if s.verdict is not None:
            self.assertTrue(s.verdict.passed)
        self.assertEqual(s.close(), s.verdict)  # idempotent: nothing sent
        with self.assertRaises(PlumbError) as gone:
            s.step("Final: right")
        self.assertEqual(gone.exception.status, 404)

    def test_session_with_options_runs_out_of_steps(self) -> None:
        with self.client.session("sparc", self.instances[1], max_steps=2) as s:
            first = s.step("Final: 3")
            self.assertFalse(first.done)
            second = s.step("Final: 1")
            self.assertTrue(second.done)
            self.assertFalse(second.success)
            self.assertEqual(second.reward, -1.0)
            verdict = s.close()
            if verdict is not None:
                self.assertFalse(verdict.passed)

    def test_reward_function(self) -> None:
        a, b, c = self.instances
        reward = reward_function(self.client, on_error=-1.0)
        self.assertEqual(reward.__name__, "plumb_reward")
        self.assertEqual(reward_function(self.client, "sparc").__name__, "plumb_sparc")
        prompts = ["p"] * 6
        completions: List[Any] = [
            "Here it is: " + path_text(solution(a)),
            path_text(solution(b)[:2]),
            [{"role": "assistant", "content": path_text(solution(c))}],
            [{"role": "user", "content": "solve"}, {"role": "assistant", "content": "no idea"}],
            path_text(solution(a)),
            path_text(solution(a)),
        ]
        columns = {
            "instance": [a, b, c, c, json.dumps(a), a],
            "task": ["sparc", "sparc", "sparc", "sparc", "sparc", "no-such-task"],
            "completion_ids": [[1]] * 6,
        }
        self.assertEqual(reward(prompts, completions, **columns), [1.0, 0.0, 1.0, 0.0, 1.0, -1.0])
        # TRL passes everything by keyword; the task comes from the instance when there is no column.
        fixed = reward_function(self.client, max_workers=2)
        self.assertEqual(
            fixed(prompts=prompts[:2], completions=completions[:2], instance=[a, b]),
            [1.0, 0.0],
        )
        # A failed request gives on_error for its items.
        down = PlumbClient(f"http://127.0.0.1:{closed_port()}", retries=0)
        self.assertEqual(reward_function(down, "sparc", on_error=-0.5)(completions=completions[:2], instance=[a, b]), [-0.5, -0.5])


# ----------------------------------------------------------------------------- no server needed


class StubHandler(BaseHTTPRequestHandler):
    """Answers from the server's script: a list of (status, body, headers) per "METHOD path"."""

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _answer(self) -> None:
        server: Any = self.server
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length)) if length else None
        key = f"{self.command} {self.path}"
        server.seen.append((key, body))
        script = server.script.get(key) or []
        status, answer, headers = script.pop(0) if script else (200, {"echo": body}, {})
        if callable(answer):
            answer = answer(body)
        raw = json.dumps(answer).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        for k, v in headers.items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(raw)

    do_GET = _answer
    do_POST = _answer
    do_DELETE = _answer


Script = Dict[str, List[Tuple[int, Any, Dict[str, str]]]]


class StubServerTest(unittest.TestCase):
    def setUp(self) -> None:
        self.server: Any = ThreadingHTTPServer(("127.0.0.1", 0), StubHandler)
        self.server.script = {}
        self.server.seen = []
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.addCleanup(self.server.server_close)
        self.addCleanup(self.server.shutdown)
        self.client = PlumbClient(f"http://127.0.0.1:{self.server.server_address[1]}", retries=3, backoff=0.01)

    def script(self, key: str, *answers: Tuple[int, Any, Dict[str, str]]) -> None:
        self.server.script[key] = list(answers)

    def calls(self, key: str) -> int:
        return sum(1 for k, _ in self.server.seen if k == key)

    def test_retries_503_then_succeeds(self) -> None:
        err = {"error": {"status": 503, "code": "busy", "message": "try later"}}
        self.script("GET /v1/health", (503, err, {}), (502, err, {}), (200, {"status": "ok"}, {}))
        with mock.patch("plumb_client.client.time.sleep") as sleep:
            self.assertTrue(self.client.health())
        self.assertEqual(self.calls("GET /v1/health"), 3)
        self.assertEqual(sleep.call_count, 2)
        first, second = (c.args[0] for c in sleep.call_args_list)
        self.assertTrue(0.005 <= first <= 0.01 and 0.01 <= second <= 0.02, (first, second))

    def test_retry_after_is_respected_and_retries_run_out(self) -> None:
        err = {"error": {"status": 429, "code": "rate_limited", "message": "slow down"}}
        self.script("GET /v1/tasks", *[(429, err, {"Retry-After": "2"})] * 5)
        with mock.patch("plumb_client.client.time.sleep") as sleep:
            with self.assertRaises(PlumbError) as caught:
                self.client.tasks()
        self.assertEqual(caught.exception.status, 429)
        self.assertEqual(caught.exception.code, "rate_limited")
        self.assertEqual(self.calls("GET /v1/tasks"), 4)
        self.assertEqual([c.args[0] for c in sleep.call_args_list], [2.0, 2.0, 2.0])

    def test_client_errors_are_not_retried(self) -> None:
        for status in (400, 404, 413):
            err = {"error": {"status": status, "code": "bad", "message": "no", "field": "params.size"}}
            self.script("POST /v1/generate", (status, err, {}))
            with self.assertRaises(PlumbError) as caught:
                self.client.generate("sparc", params={"size": -1})
            self.assertEqual(
                (caught.exception.status, caught.exception.code, caught.exception.field), (status, "bad", "params.size")
            )
        self.assertEqual(self.calls("POST /v1/generate"), 3)

    def test_a_step_is_not_resent_after_a_gateway_timeout(self) -> None:
        opened = {"session": "s/1", "instructions": "go", "observation": {"text": "start"}, "done": False,
                  "success": False, "steps": 0}
        self.script("POST /v1/sessions", (200, opened, {}))
        err = {"error": {"status": 504, "code": "timeout", "message": "too slow"}}
        self.script("POST /v1/sessions/s%2F1/step", (504, err, {}), (503, err, {}), (503, err, {}),
                    (200, {"observation": {"text": "next"}, "reward": 0.5, "done": True, "success": True,
                           "steps": 1, "verdict": {"score": 1, "passed": True, "checks": [], "extra": 1}}, {}))
        self.script("DELETE /v1/sessions/s%2F1", (200, {"closed": True}, {}))
        with mock.patch("plumb_client.client.time.sleep"):
            with self.client.session("t", {"id": "x"}, max_steps=3) as s:
                self.assertEqual(self.server.seen[-1][1]["options"], {"maxSteps": 3})
                with self.assertRaises(PlumbError) as caught:
                    s.step("Final: 0")
                self.assertEqual(caught.exception.status, 504)
                self.assertEqual(self.calls("POST /v1/sessions/s%2F1/step"), 1)
                # 503 means the server did not act on it: a step is retried then.
                result = s.step("Final: 0")
                self.assertEqual(self.calls("POST /v1/sessions/s%2F1/step"), 4)
                self.assertEqual((result.reward, result.done, result.success, s.done, s.steps), (0.5, True, True, True, 1))
                self.assertEqual(s.observation.text, "next")
                assert s.verdict is not None
                self.assertTrue(s.verdict.passed)
        self.assertTrue(s.closed)
        s.close()
        self.assertEqual(self.calls("DELETE /v1/sessions/s%2F1"), 1)

    def test_close_of_an_expired_session(self) -> None:
        opened = {"session": "a", "instructions": "", "observation": {"text": ""}, "done": False,
                  "success": False, "steps": 0}
        self.script("POST /v1/sessions", (200, opened, {}))
        self.script("DELETE /v1/sessions/a", (404, {"error": {"status": 404, "code": "not_found", "message": "gone"}}, {}))
        s = self.client.session("t", {})
        self.assertIsNone(s.close())
        self.assertTrue(s.closed)

    def test_batches_are_chunked_in_order(self) -> None:
        def answer(body: Any) -> Any:
            return {"results": [
                {"ok": True, "verdict": {"score": item["n"] % 2, "passed": bool(item["n"] % 2), "checks": []},
                 "reward": item["n"]}
                if item["n"] != 5 else {"ok": False, "error": {"status": 400, "code": "bad", "message": "five",
                                                                "field": "items.0.text"}}
                for item in body["items"]
            ]}

        self.script("POST /v1/batch/verify", *[(200, answer, {})] * 10)
        items = [{"n": n} for n in range(2500)]
        results = self.client.verify_batch(items, max_workers=3)
        self.assertEqual(self.calls("POST /v1/batch/verify"), 3)
        self.assertEqual(sorted(len(b["items"]) for _, b in self.server.seen), [452, 1024, 1024])
        self.assertEqual(len(results), 2500)
        for n, r in enumerate(results):
            if n == 5:
                assert isinstance(r, PlumbError)
                self.assertEqual((r.status, r.field, r.message), (400, "items.0.text", "five"))
            else:
                assert isinstance(r, VerifyResult)
                self.assertEqual(r.reward, n)
                self.assertEqual(r.verdict.passed, bool(n % 2))

    def test_failed_batch_request(self) -> None:
        err = {"error": {"status": 413, "code": "too_large", "message": "too big"}}
        self.script("POST /v1/batch/grade", (413, err, {}), (413, err, {}))
        with self.assertRaises(PlumbError) as caught:
            self.client.grade_batch([{"task": "t"}])
        self.assertEqual(caught.exception.status, 413)
        [returned] = self.client.grade_batch([{"task": "t"}], return_errors=True)
        assert isinstance(returned, PlumbError)
        self.assertEqual(returned.code, "too_large")

    def test_non_json_answer(self) -> None:
        self.script("GET /v1/health", (200, "not an object", {}))
        self.assertFalse(self.client.health())

    def test_request_bodies(self) -> None:
        self.script("POST /v1/prompt", (200, {"prompt": {"messages": [{"role": "user", "content": "hi"}], "images": [
            {"alt": "a", "mediaType": "image/png", "data": "AAAA"}]}}, {}))
        p = self.client.prompt("t", {"id": "i"}, shots=2, max_output_tokens=100, variant=None)
        self.assertEqual(self.server.seen[-1][1], {"task": "t", "instance": {"id": "i"},
                                                   "options": {"shots": 2, "maxOutputTokens": 100}})
        self.assertEqual(p.images[0].data_url(), "data:image/png;base64,AAAA")
        self.script("POST /v1/generate", (200, {"instances": [{"id": "a"}, {"id": "b"}]}, {}))
        self.assertEqual(self.client.generate("t", level="easy", seed=5, count=2), [{"id": "a"}, {"id": "b"}])
        self.assertEqual(self.server.seen[-1][1], {"task": "t", "level": "easy", "seed": "5", "count": 2})


class OfflineTest(unittest.TestCase):
    def test_connection_refused_is_retried_then_raised(self) -> None:
        client = PlumbClient(f"http://127.0.0.1:{closed_port()}", retries=2, backoff=0.01)
        with mock.patch("plumb_client.client.time.sleep") as sleep:
            with self.assertRaises(PlumbConnectionError) as caught:
                client.health()
        self.assertEqual(sleep.call_count, 2)
        self.assertEqual((caught.exception.status, caught.exception.code), (0, "connection_error"))
        self.assertIsInstance(caught.exception, PlumbError)
        self.assertIsInstance(caught.exception.__cause__, Exception)
        # Without mocking: real (short) waits, still raised.
        with self.assertRaises(PlumbConnectionError):
            PlumbClient(f"http://127.0.0.1:{closed_port()}", retries=1, backoff=0.01).tasks()

    def test_completion_text(self) -> None:
        self.assertEqual(completion_text("plain"), "plain")
        chat = [
            {"role": "user", "content": "q"},
            {"role": "assistant", "content": "first"},
            {"role": "assistant", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]},
        ]
        self.assertEqual(completion_text(chat), "ab")
        self.assertEqual(completion_text([{"role": "user", "content": "only"}]), "only")
        self.assertEqual(completion_text([]), "")
        self.assertEqual(completion_text({"role": "assistant", "content": "one"}), "one")

    def test_camel_options(self) -> None:
        self.assertEqual(
            camel_options({"max_output_tokens": 5, "maxSteps": 2, "shots": None, "vision": True}),
            {"maxOutputTokens": 5, "maxSteps": 2, "vision": True},
        )

    def test_plumb_error_from_json(self) -> None:
        e = PlumbError.from_json({"error": {"status": 400, "code": "bad_request", "message": "m", "field": "f"}})
        self.assertEqual((e.status, e.code, e.message, e.field), (400, "bad_request", "m", "f"))
        self.assertIn("field f", str(e))
        self.assertEqual(PlumbError.from_json("<html>", 502).status, 502)

    def test_dataclasses_ignore_unknown_fields(self) -> None:
        r = GradeResult.from_json({"answer": [1], "verdict": {"score": 0.5, "passed": False, "checks": [
            {"name": "c", "ok": False, "detail": "d", "new": 1}], "failure": {"kind": "wrong", "message": "m"},
            "isolation": "none"}, "reward": 0.5, "later": True})
        self.assertEqual(r.verdict.checks[0].detail, "d")
        self.assertEqual(r.verdict.failure_kind, "wrong")
        self.assertEqual(r.reward, 0.5)

    def test_live_tests_skip_cleanly_without_plumb_url(self) -> None:
        env = {k: v for k, v in os.environ.items() if k != "PLUMB_URL"}
        here = os.path.dirname(os.path.abspath(__file__))
        env["PYTHONPATH"] = os.pathsep.join([os.path.dirname(here), env.get("PYTHONPATH", "")])
        run = subprocess.run(
            [sys.executable, "-m", "unittest", "-v", "test_client.LiveServerTest"],
            cwd=here, env=env, capture_output=True, text=True, timeout=60,
        )
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("skipped", run.stderr)
        self.assertIn("PLUMB_URL is not set", run.stderr)


if __name__ == "__main__":
    unittest.main()
