"""The notebooks open unchanged: nothing in them that Jupyter would rewrite on opening and saving.

On opening a notebook, Jupyter (Notebook, JupyterLab) sets its metadata from the kernel: kernelspec
from the kernelspec (name, display_name, language) and language_info from the kernel's
kernel_info_reply, whole; a difference marks the notebook "(unsaved changes)". Saving writes the
notebook through nbformat. So each notebook, read through nbformat, must be valid, must hold exactly
what the kernel reports, and must be byte for byte what nbformat writes for it.

Run by NotebookMetadataTest (mvn verify) with JUPYTER_PATH pointing at the kernel installed under the
name the notebooks ask for, and LABBOOK_NOTEBOOKS naming their folder. By hand:

    JUPYTER_PATH=/tmp/k/share/jupyter LABBOOK_NOTEBOOKS=notebooks /usr/bin/python3 -m unittest -v test_notebook_metadata
"""
import glob
import os
import unittest

import nbformat
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import start_new_kernel

# a cold JVM on a busy 2-core machine: patient, but bounded
SLOW = 180
KERNEL = "labbook-java"
NOTEBOOKS = sorted(glob.glob(os.path.join(os.environ.get("LABBOOK_NOTEBOOKS", ".."), "*.ipynb")))


class NotebookMetadataTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.km, cls.kc = start_new_kernel(kernel_name=KERNEL, startup_timeout=SLOW)
        reply = cls.kc.kernel_info(reply=True, timeout=SLOW)
        cls.language_info = reply["content"]["language_info"]
        spec = KernelSpecManager().get_kernel_spec(KERNEL)
        # what Notebook and JupyterLab write as metadata.kernelspec
        cls.kernelspec = {"name": KERNEL, "display_name": spec.display_name, "language": spec.language}

    @classmethod
    def tearDownClass(cls):
        cls.kc.stop_channels()
        cls.km.shutdown_kernel(now=False)

    def test_there_are_four_notebooks(self):
        self.assertEqual([os.path.basename(p) for p in NOTEBOOKS],
                         ["filecrypt.ipynb", "overview.ipynb", "vfs.ipynb", "wallet.ipynb"])

    def test_the_kernel_reports_no_value_of_this_machine(self):
        # the version is the Java release cells are compiled for, the same on every JDK
        self.assertEqual(self.language_info["version"], "17")
        self.assertEqual(self.language_info["name"], "java")

    def test_each_notebook_holds_what_the_kernel_reports(self):
        for path in NOTEBOOKS:
            with self.subTest(notebook=os.path.basename(path)):
                nb = nbformat.read(path, as_version=nbformat.NO_CONVERT)
                nbformat.validate(nb)
                self.assertEqual(dict(nb.metadata.language_info), self.language_info)
                self.assertEqual(dict(nb.metadata.kernelspec), self.kernelspec)

    def test_each_notebook_is_what_nbformat_writes_for_it(self):
        for path in NOTEBOOKS:
            with self.subTest(notebook=os.path.basename(path)):
                with open(path, encoding="utf-8") as f:
                    stored = f.read()
                nb = nbformat.reads(stored, as_version=nbformat.NO_CONVERT)
                # as Jupyter's contents manager saves: nbformat.write, which ends the file with a newline
                written = nbformat.writes(nb, version=nbformat.NO_CONVERT)
                if not written.endswith("\n"):
                    written += "\n"
                self.assertEqual(written, stored)


if __name__ == "__main__":
    unittest.main()
