"""A Jupyter front end that starts the lab's kernel and then waits to be killed (FrontEndGoneTest).

It starts the kernel as jupyter console and the Notebook server do, through jupyter_client's
KernelManager (which sets JPY_PARENT_PID and starts the kernel in its own session), waits until the
kernel answers, prints "kernel pid N" and sleeps. The test kills it with SIGKILL, as a crash would,
and watches the kernel. The kernel's stdout and stderr are this process's: they land in the same log.

    JUPYTER_PATH=/tmp/k/share/jupyter LABBOOK_KERNEL=labbook-java /usr/bin/python3 front_end.py
"""
import os
import time

from jupyter_client.manager import KernelManager

# a cold JVM on a busy 2-core machine: patient, but bounded
READY_TIMEOUT = 300
# longer than the test waits for anything: it kills this process long before
LIFETIME = 900

manager = KernelManager(kernel_name=os.environ.get("LABBOOK_KERNEL", "labbook-java"))
manager.start_kernel()
client = manager.client()
client.start_channels()
client.wait_for_ready(timeout=READY_TIMEOUT)
print("kernel pid", manager.provisioner.pid, flush=True)
time.sleep(LIFETIME)
