"""The lab's Java kernel, spoken to over the Jupyter protocol by jupyter_kernel_test.

Run by KernelProtocolTest (mvn verify) with JUPYTER_PATH pointing at a kernelspec installed into a
temporary prefix, and LABBOOK_KERNEL naming it. By hand:

    JUPYTER_PATH=/tmp/k/share/jupyter LABBOOK_KERNEL=labbook-java /usr/bin/python3 -m unittest -v test_kernel_protocol
"""
import os
import re
import signal
import time
import unittest
from datetime import datetime, timezone
from queue import Empty
from unittest import mock

import jupyter_kernel_test
from jupyter_kernel_test.msgspec_v5 import validate_message

# the first cell compiles through a cold JShell on a busy 2-core machine: be patient, never strict on speed
SLOW = 120
jupyter_kernel_test.TIMEOUT = SLOW  # its own waits read this at call time

# the protocol's dates: ISO 8601 to the microsecond (jupyter_client writes "2026-12-01T18:55:03.123456Z")
ISO8601_MICROSECONDS = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}(Z|[+-]\d\d:\d\d)$")
# ipykernel's OutStream.flush_interval, which the kernel's stdout and stderr follow
FLUSH_INTERVAL = 0.2


def raw_dates():
    """jupyter_client reads every date it can into a datetime (and leaves what it cannot, such as a date
    to the minute, a string): while this is in force, messages keep the kernel's own strings."""
    return mock.patch("jupyter_client.session.extract_dates", new=lambda obj: obj)


def parse_date(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


class JShellKernelTests(jupyter_kernel_test.KernelTests):
    kernel_name = os.environ.get("LABBOOK_KERNEL", "labbook-java")
    language_name = "java"
    file_extension = ".jshell"

    code_hello_world = 'System.out.println("hello, world");'
    code_stderr = 'System.err.println("oops");'

    completion_samples = [
        {"text": "Math.ma", "matches": {"max("}},
        {"text": "List.o", "matches": {"of("}},
    ]
    complete_code_samples = ["1 + 1", "int x = 1;", "System.out.println(1)", "void f() { }\nf();"]
    incomplete_code_samples = ["for (int i = 0; i < 3; i++) {", "void f() {", "String s = \"a\" +"]
    invalid_code_samples = ["int x = ;"]

    code_generate_error = 'throw new IllegalStateException("boom");'

    code_execute_result = [
        {"code": "6 * 7", "result": "42"},
        {"code": '"lab" + "book"', "result": '"labbook"'},
        {"code": "var chart = new XYChart(300, 200);\nchart.addSeries(\"y = x\", new double[] {1, 2, 3}, new double[] {1, 2, 3});\nchart",
         "mime": "image/png"},
        {"code": 'Table.create("t", DoubleColumn.create("ms", 1.5, 2.5))', "mime": "text/html"},
        # the lab's modules are on the kernel's class path
        {"code": 'java.util.stream.Stream.of("labbook.wallet.main.WalletLab", "labbook.filecrypt.main.FilecryptLab", '
                 '"labbook.vfs.main.VfsLab", "labbook.reports.Explore", "labbook.core.LabRun").map(n -> { try { '
                 'return Class.forName(n).getSimpleName(); } catch (ClassNotFoundException e) { return "missing " + n; } })'
                 '.collect(java.util.stream.Collectors.joining(","))',
         "result": '"WalletLab,FilecryptLab,VfsLab,Explore,LabRun"'},
    ]
    code_display_data = [
        {"code": "display(new XYChart(200, 150))", "mime": "image/png"},
        {"code": 'display(html("<b>bold</b>"))', "mime": "text/html"},
    ]
    code_inspect_sample = "Math.max("

    # why the kernel can no longer be tested (it died, or a request went unanswered): each later test fails at once
    # with it, instead of waiting SLOW seconds per request on a kernel that will not answer
    broken = None

    def setUp(self):
        if JShellKernelTests.broken is None and not self.km.is_alive():
            JShellKernelTests.broken = "the kernel process ended (its stderr, above, says why)"
        if JShellKernelTests.broken is not None:
            self.fail("not tested: " + JShellKernelTests.broken)

    def run(self, result=None):
        errors_before = len(result.errors) if result is not None else 0
        outcome = super().run(result)
        if result is not None and JShellKernelTests.broken is None:
            for test, trace in result.errors[errors_before:]:
                if "_queue.Empty" in trace or "TimeoutError" in trace:
                    JShellKernelTests.broken = "%s got no answer within %d s" % (test.id(), SLOW)
                    self.dump_kernel_threads()
        return outcome

    def dump_kernel_threads(self):
        """A JVM prints its threads' stacks on SIGQUIT, to its stdout: this test's log, so it says where it waits."""
        process = getattr(self.km.provisioner, "process", None)
        if process is not None and process.poll() is None:
            print("\n-- the kernel (pid %d) stopped answering: its threads follow" % process.pid, flush=True)
            process.send_signal(signal.SIGQUIT)
            time.sleep(2)

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        # warm the kernel up once (JShell's first compilation, AWT's first chart), so no test waits on it
        cls.kc.execute_interactive("1", timeout=SLOW, output_hook=lambda msg: None)
        cls.kc.execute_interactive("display(new XYChart(100, 100))", timeout=SLOW, output_hook=lambda msg: None)

    def execute_helper(self, code, timeout=SLOW, silent=False, store_history=True, stop_on_error=True):
        """jupyter_kernel_test's helper, patient: it allows 0.1 s between IOPub messages, which a busy
        2-core machine does not always keep. Same checks: the reply, then busy, the input, the
        outputs and idle, all children of this request."""
        msg_id = self.kc.execute(code=code, silent=silent, store_history=store_history,
                                 stop_on_error=stop_on_error)
        reply = self.get_non_kernel_info_reply(timeout=timeout)
        validate_message(reply, "execute_reply", msg_id)
        outputs, busy = [], False
        deadline = time.monotonic() + timeout
        while True:
            msg = self.kc.get_iopub_msg(timeout=max(1.0, deadline - time.monotonic()))
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            validate_message(msg, msg["msg_type"], msg_id)
            if msg["msg_type"] == "status":
                if msg["content"]["execution_state"] == "busy":
                    busy = True
                    continue
                self.assertTrue(busy, "idle before busy")
                self.assertEqual(msg["content"]["execution_state"], "idle")
                return reply, outputs
            if msg["msg_type"] == "execute_input":
                self.assertEqual(msg["content"]["code"], code)
                continue
            outputs.append(msg)

    def run_cell(self, code, timeout=SLOW):
        """Executes a cell; returns its reply and the IOPub messages it produced."""
        self.flush_channels()
        outputs = []
        reply = self.kc.execute_interactive(code, timeout=timeout, output_hook=outputs.append)
        validate_message(reply, "execute_reply")
        return reply, outputs

    def test_error_is_a_jupyter_error_with_a_short_trace(self):
        reply, outputs = self.run_cell('int[] a = new int[2];\nint b = a[5];')
        self.assertEqual(reply["content"]["status"], "error")
        errors = [m for m in outputs if m["msg_type"] == "error"]
        self.assertEqual(len(errors), 1)
        content = errors[0]["content"]
        self.assertIn("ArrayIndexOutOfBoundsException", content["evalue"])
        self.assertLessEqual(len(content["traceback"]), 12, content["traceback"])
        self.assertTrue(any("line 2 of this cell" in line for line in content["traceback"]), content["traceback"])
        self.assertFalse(any("jdk.jshell" in line for line in content["traceback"]), content["traceback"])

    def test_compile_error_names_the_line_and_says_its_message_once(self):
        reply, outputs = self.run_cell("int ok = 1;\nString s = 42;")
        self.assertEqual(reply["content"]["status"], "error")
        self.assertEqual(reply["content"]["ename"], "CompileError")
        self.assertIn("line 2", reply["content"]["evalue"])
        # front ends show the traceback alone: the message in it once, with the cell's line and a caret
        errors = [m for m in outputs if m["msg_type"] == "error"]
        self.assertEqual(len(errors), 1)
        trace = "\n".join(errors[0]["content"]["traceback"])
        self.assertEqual(trace.count("incompatible types"), 1, trace)
        self.assertIn("    String s = 42;\n", trace)

    def test_inspect_at_the_end_of_a_name_and_inside_a_word(self):
        # Shift-Tab with no "(" typed yet, in the middle of the name, and inside the argument list
        for code, cursor in [("Explore.charts", 14), ("Explore.charts", 10), ("Explore.charts(", 15)]:
            with self.subTest(code=code, cursor=cursor):
                self.flush_channels()
                msg_id = self.kc.inspect(code, cursor)
                reply = self.get_non_kernel_info_reply(timeout=SLOW)
                validate_message(reply, "inspect_reply", msg_id)
                self.assertEqual(reply["content"]["status"], "ok")
                self.assertTrue(reply["content"]["found"])
                self.assertIn("Explore.charts(Results results, String study)", reply["content"]["data"]["text/plain"])

    def test_kernel_still_answers_after_a_cell_that_throws(self):
        reply, _ = self.run_cell('throw new RuntimeException("first");')
        self.assertEqual(reply["content"]["status"], "error")
        reply, outputs = self.run_cell("40 + 2")
        self.assertEqual(reply["content"]["status"], "ok")
        results = [m for m in outputs if m["msg_type"] == "execute_result"]
        self.assertEqual(results[0]["content"]["data"]["text/plain"], "42")

    def test_state_survives_between_cells(self):
        self.run_cell("int counter = 41;")
        reply, outputs = self.run_cell("counter + 1")
        results = [m for m in outputs if m["msg_type"] == "execute_result"]
        self.assertEqual(results[0]["content"]["data"]["text/plain"], "42")

    def test_interrupt_stops_a_long_running_cell(self):
        for code in ["long n = 0;\nwhile (true) { n++; }", "Thread.sleep(600_000);"]:
            with self.subTest(code=code):
                self.flush_channels()
                msg_id = self.kc.execute(code)
                self.wait_until_busy(msg_id)
                time.sleep(1.0)  # let it run
                self.km.interrupt_kernel()
                reply = self.kc.get_shell_msg(timeout=SLOW)
                while reply["parent_header"].get("msg_id") != msg_id:
                    reply = self.kc.get_shell_msg(timeout=SLOW)
                validate_message(reply, "execute_reply", msg_id)
                self.assertEqual(reply["content"]["status"], "error")
                self.assertEqual(reply["content"]["ename"], "Interrupted")
                reply, outputs = self.run_cell('"still here"')
                self.assertEqual(reply["content"]["status"], "ok")

    def request_messages(self, msg_id, timeout=SLOW):
        """Every IOPub message the request made, status included, up to its idle; and its shell reply."""
        deadline = time.monotonic() + timeout
        reply = None
        while reply is None:
            msg = self.kc.get_shell_msg(timeout=max(1.0, deadline - time.monotonic()))
            if msg["parent_header"].get("msg_id") == msg_id:
                reply = msg
        messages = []
        while not messages or messages[-1]["msg_type"] != "status" or \
                messages[-1]["content"]["execution_state"] != "idle":
            self.assertLess(time.monotonic(), deadline, "no idle for the request within %d s" % timeout)
            msg = self.kc.get_iopub_msg(timeout=max(1.0, deadline - time.monotonic()))
            if msg["parent_header"].get("msg_id") == msg_id:
                messages.append(msg)
        return reply, messages

    def test_every_message_is_dated_to_the_microsecond(self):
        self.flush_channels()
        with raw_dates():
            info_reply, info_messages = self.request_messages(self.kc.kernel_info())
            code = 'System.out.println("out");\nSystem.err.println("err");\ndisplay(html("<b>x</b>"));\n6 * 7'
            reply, messages = self.request_messages(self.kc.execute(code))
            # execute_result and display_data are not text: messages must still carry both
        sent = [info_reply, reply] + info_messages + messages
        self.assertEqual({m["msg_type"] for m in messages},
                         {"status", "execute_input", "stream", "display_data", "execute_result"})
        now = datetime.now(timezone.utc)
        for msg in sent:
            with self.subTest(msg_type=msg["msg_type"]):
                date = msg["header"]["date"]
                self.assertRegex(date, ISO8601_MICROSECONDS)
                self.assertLess(abs((parse_date(date) - now).total_seconds()), 600, date)
                # the request's own header comes back as the client wrote it
                self.assertRegex(msg["parent_header"]["date"], ISO8601_MICROSECONDS)

    def test_printed_lines_are_gathered_into_few_stream_messages(self):
        # seven lines in 182 printf calls: the kernel used to send a stream message for each
        code = ('for (int line = 0; line < 7; line++) {\n'
                '    for (int i = 0; i < 25; i++) System.out.printf("%d", i % 10);\n'
                '    System.out.printf("%n");\n'
                '}')
        self.flush_channels()
        with raw_dates():
            reply, messages = self.request_messages(self.kc.execute(code))
        self.assertEqual(reply["content"]["status"], "ok")
        streams = [m for m in messages if m["msg_type"] == "stream"]
        self.assertEqual("".join(m["content"]["text"] for m in streams), "0123456789012345678901234\n" * 7)
        self.assertEqual({m["content"]["name"] for m in streams}, {"stdout"})
        # a message per flush interval at most, and one at the cell's end: one or two unless the machine stalled
        span = (parse_date(streams[-1]["header"]["date"]) - parse_date(streams[0]["header"]["date"])).total_seconds()
        self.assertLessEqual(len(streams), 2 + span / FLUSH_INTERVAL, [m["header"]["date"] for m in streams])

    def test_stream_messages_come_at_most_every_flush_interval(self):
        code = 'for (int i = 0; i < 100; i++) { System.out.print(i + " "); Thread.sleep(10); }'
        self.flush_channels()
        with raw_dates():
            reply, messages = self.request_messages(self.kc.execute(code))
        self.assertEqual(reply["content"]["status"], "ok")
        streams = [m for m in messages if m["msg_type"] == "stream"]
        self.assertEqual("".join(m["content"]["text"] for m in streams), "".join("%d " % i for i in range(100)))
        self.assertGreater(len(streams), 1, "a second of printing in one message")
        dates = [parse_date(m["header"]["date"]) for m in streams]
        # the last is the cell's end; each one before it waited a whole interval after the one before
        for earlier, later in zip(dates[:-2], dates[1:-1]):
            self.assertGreaterEqual((later - earlier).total_seconds(), FLUSH_INTERVAL - 0.005, dates)

    def test_a_cell_reads_stdin_through_a_dated_input_request(self):
        self.flush_channels()
        with raw_dates():
            msg_id = self.kc.execute("new java.util.Scanner(System.in).nextLine().toUpperCase()", allow_stdin=True)
            request = self.kc.get_stdin_msg(timeout=SLOW)
            self.assertEqual(request["msg_type"], "input_request")
            self.assertRegex(request["header"]["date"], ISO8601_MICROSECONDS)
            self.kc.input("labbook")
            reply, messages = self.request_messages(msg_id)
        self.assertEqual(reply["content"]["status"], "ok")
        results = [m for m in messages if m["msg_type"] == "execute_result"]
        self.assertEqual(results[0]["content"]["data"]["text/plain"], '"LABBOOK"')

    def wait_until_busy(self, msg_id):
        deadline = time.monotonic() + SLOW
        while time.monotonic() < deadline:
            try:
                msg = self.kc.get_iopub_msg(timeout=1)
            except Empty:
                continue
            if msg["parent_header"].get("msg_id") == msg_id and msg["msg_type"] == "execute_input":
                return
        self.fail("the kernel never started the cell")


if __name__ == "__main__":
    unittest.main()
