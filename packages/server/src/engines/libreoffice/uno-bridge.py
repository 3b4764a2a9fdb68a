#!/usr/bin/python3
"""
docstudio LibreOffice bridge: keeps one headless soffice warm and converts documents to PDF over UNO.

Started by the Node engine (office-instance.ts) as `/usr/bin/python3 uno-bridge.py <profile-url>
<pipe-name>` in its own process group, so a timeout or crash kill reaches soffice as well. Requests and
answers are JSON lines on stdin/stdout:
  -> {"id": 1, "input": "/abs/in.docx", "output": "/abs/out.pdf", "filter": "csv"|null,
      "pageRange": "1-2"|null, "pdfVersion": 0|1|2|15|16|17, "password": "..."|null}
  <- {"id": 1, "ok": true, "kind": "writer"} or {"id": 1, "ok": false, "error": "password-required"|
      "password-wrong"|"load-failed"|"export-failed", "detail": "..."}
  -> {"id": 2, "probe": true}  <- {"id": 2, "ok": true} (a cheap call over the UNO bridge: is soffice answering?)
  -> {"id": 3, "warm": true, "output": "/abs/warm.pdf"}  <- {"id": 3, "ok": true} (Writer, its Word filter and PDF export
      loaded once, on a blank document of ours, so a user's first document does not pay for them)
A conversion is answered as soon as its PDF is written; its document is closed after the answer, while
the server stores the result. The first line written is {"ready": true} once soffice accepts
connections. When soffice dies (a crash, kill -9), the bridge exits at once, so Node sees a dead
instance even while it is idle; an answer whose office no longer answers is reported as "crashed",
never as a damaged document.
"""
import json
import os
import subprocess
import sys
import threading
import time

import uno
import unohelper
from com.sun.star.beans import PropertyValue
from com.sun.star.task import XInteractionHandler


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def has_interface(obj, type_name):
    try:
        return obj.queryInterface(uno.getTypeByName(type_name)) is not None
    except Exception:
        return False


class Handler(unohelper.Base, XInteractionHandler):
    """Answers LibreOffice's questions without a user: never enter passwords interactively, say no
    to everything else (macros, link updates), and remember why a load was refused."""

    def __init__(self, password_given):
        self.password_given = password_given
        self.outcome = None

    def handle(self, request):
        # request.getRequest() cannot be read from Python 3.11+ pyuno (the exception struct fails to
        # convert), so the continuations offered are what tells a password prompt from the rest.
        conts = request.getContinuations()
        if any(has_interface(c, "com.sun.star.task.XInteractionPassword") for c in conts):
            self.outcome = "password-wrong" if self.password_given else "password-required"
            self.select(conts, ["com.sun.star.task.XInteractionAbort"])
            return
        # Anything else (update links? enable macros? repair?) is answered no.
        self.select(conts, ["com.sun.star.task.XInteractionDisapprove", "com.sun.star.task.XInteractionAbort"])

    @staticmethod
    def select(conts, preferred):
        for type_name in preferred:
            for c in conts:
                if has_interface(c, type_name):
                    c.select()
                    return


def connect(pipe_name, deadline):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    while True:
        try:
            return resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe_name)
        except Exception:
            if time.time() > deadline:
                raise
            time.sleep(0.1)


EXPORT_FILTERS = [
    ("com.sun.star.sheet.SpreadsheetDocument", "calc_pdf_Export", "calc"),
    ("com.sun.star.presentation.PresentationDocument", "impress_pdf_Export", "impress"),
    ("com.sun.star.drawing.DrawingDocument", "draw_pdf_Export", "draw"),
    ("com.sun.star.text.WebDocument", "writerweb_pdf_Export", "writer"),
    ("com.sun.star.text.TextDocument", "writer_pdf_Export", "writer"),
]


def fit_sheets_to_page_width(doc):
    # Each sheet's page style prints all its columns on one page width, as many pages tall as it
    # needs (ScaleToPagesY 0): wide sheets no longer split their columns (and long cells) across pages.
    styles = doc.getStyleFamilies().getByName("PageStyles")
    sheets = doc.getSheets()
    for index in range(sheets.getCount()):
        style = styles.getByName(sheets.getByIndex(index).PageStyle)
        style.ScaleToPagesX = 1
        style.ScaleToPagesY = 0


def convert(desktop, req, opened):
    """Loads and exports one document; the document loaded is appended to `opened` for the caller to
    close once the answer is out (closing takes milliseconds the Node side need not wait for)."""
    password = req.get("password")
    handler = Handler(password is not None)
    load_props = [
        prop("Hidden", True),
        prop("ReadOnly", True),
        prop("MacroExecutionMode", 0),  # NEVER_EXECUTE
        prop("UpdateDocMode", 0),  # NO_UPDATE: links and fields are not refreshed from outside
        prop("InteractionHandler", handler),
    ]
    if password is not None:
        load_props.append(prop("Password", password))
    if req.get("filter") == "csv":
        load_props.append(prop("FilterName", "Text - txt - csv (StarCalc)"))
        load_props.append(prop("FilterOptions", "44,34,76,1"))  # comma, double quote, UTF-8, from line 1
    elif req.get("filter") == "html":
        # A web page as a Writer document: the web view's own PDF export refuses the export options.
        load_props.append(prop("FilterName", "HTML (StarWriter)"))
    elif req.get("filter") == "text":
        load_props.append(prop("FilterName", "Text (encoded)"))
        load_props.append(prop("FilterOptions", "UTF8,LF,,,"))
    url = uno.systemPathToFileUrl(req["input"])
    try:
        doc = desktop.loadComponentFromURL(url, "_blank", 0, tuple(load_props))
        detail = "no document"
    except Exception as error:  # IOException, IllegalArgumentException ...
        doc, detail = None, str(error)[:300]
    if doc is None:
        outcome = handler.outcome
        if outcome is None and password is not None:
            # Some formats (binary .doc/.xls) fail a wrong password without prompting: a file that asks
            # for a password when opened without one was refused because the given one is wrong.
            probe = Handler(False)
            probe_props = [p for p in load_props if p.Name not in ("Password", "InteractionHandler")]
            probe_props.append(prop("InteractionHandler", probe))
            try:
                extra = desktop.loadComponentFromURL(url, "_blank", 0, tuple(probe_props))
                if extra is not None:
                    extra.close(True)
            except Exception:
                pass
            if probe.outcome == "password-required":
                outcome = "password-wrong"
        return {"ok": False, "error": outcome or "load-failed", "detail": detail}
    opened.append(doc)
    filter_name, kind = "writer_pdf_Export", "writer"
    services = set(doc.getSupportedServiceNames())  # one UNO round trip, not one per kind
    for service, name, k in EXPORT_FILTERS:
        if service in services:
            filter_name, kind = name, k
            break
    if req.get("saveFilter"):  # save in another format (tests make encrypted documents this way)
        save_props = [prop("FilterName", req["saveFilter"])]
        if req.get("savePassword"):
            save_props.append(prop("Password", req["savePassword"]))
        doc.storeToURL(uno.systemPathToFileUrl(req["output"]), tuple(save_props))
        return {"ok": True, "kind": kind}
    if kind == "calc" and req.get("fitToPageWidth"):
        fit_sheets_to_page_width(doc)
    filter_data = [prop("SelectPdfVersion", int(req.get("pdfVersion", 0)))]
    if req.get("pageRange"):
        filter_data.append(prop("PageRange", req["pageRange"]))
    fd = uno.Any("[]com.sun.star.beans.PropertyValue", tuple(filter_data))
    store_props = (prop("FilterName", filter_name), prop("FilterData", fd))
    try:
        uno.invoke(doc, "storeToURL", (uno.systemPathToFileUrl(req["output"]), store_props))
    except Exception as error:
        return {"ok": False, "error": "export-failed", "detail": str(error)[:300]}
    return {"ok": True, "kind": kind}


def close_quietly(doc):
    try:
        doc.close(True)
    except Exception:
        try:
            doc.dispose()
        except Exception:
            pass


def warm(desktop, output):
    # A blank Writer document saved as DOCX, that DOCX loaded again and exported as PDF: the Writer,
    # Word import/export and PDF export libraries are loaded before any user's document.
    docx_url = uno.systemPathToFileUrl(output + ".docx")
    doc = desktop.loadComponentFromURL("private:factory/swriter", "_blank", 0, (prop("Hidden", True),))
    try:
        doc.getText().setString("docstudio")
        doc.storeToURL(docx_url, (prop("FilterName", "MS Word 2007 XML"),))
    finally:
        doc.close(True)
    doc = desktop.loadComponentFromURL(docx_url, "_blank", 0, (prop("Hidden", True), prop("ReadOnly", True)))
    try:
        doc.storeToURL(uno.systemPathToFileUrl(output), (prop("FilterName", "writer_pdf_Export"),))
    finally:
        doc.close(True)
    return {"ok": True}


def office_answers(desktop):
    """A cheap round trip to soffice: False when the office is gone or the bridge is broken."""
    try:
        desktop.getFrames().getCount()
        return True
    except Exception:
        return False


def exit_with_office(soffice):
    """soffice (oosplash) exits when soffice.bin dies: leave too, so the pool replaces us at once."""
    soffice.wait()
    os._exit(3)


def main():
    profile_url, pipe_name = sys.argv[1], sys.argv[2]
    soffice = subprocess.Popen(
        [
            # oosplash (via the soffice script) restarts soffice when a fresh profile asks for it (exit 81)
            "/usr/lib/libreoffice/program/soffice",
            "--headless",
            "--invisible",
            "--nologo",
            "--norestore",
            "--nodefault",
            "--nolockcheck",
            "--nofirststartwizard",
            "-env:UserInstallation=" + profile_url,
            "--accept=pipe,name=%s;urp;StarOffice.ComponentContext" % pipe_name,
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    threading.Thread(target=exit_with_office, args=(soffice,), daemon=True).start()
    ctx = connect(pipe_name, time.time() + 60)
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    sys.stdout.write(json.dumps({"ready": True}) + "\n")
    sys.stdout.flush()
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        opened = []
        if req.get("probe"):
            answer = {"ok": True} if office_answers(desktop) else {"ok": False, "error": "crashed"}
        elif req.get("warm"):
            try:
                answer = warm(desktop, req["output"])
            except Exception as error:
                answer = {"ok": False, "error": "export-failed", "detail": str(error)[:300]}
        else:
            try:
                answer = convert(desktop, req, opened)
            except Exception as error:  # the office died or the bridge broke: report, Node restarts us
                answer = {"ok": False, "error": "crashed", "detail": str(error)[:300]}
            # A load or export that failed because the office died is the engine's failure, not the file's.
            if not answer.get("ok") and not office_answers(desktop):
                answer = {"ok": False, "error": "crashed", "detail": "the office stopped answering"}
        answer["id"] = req.get("id")
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
        # Closed after the answer: the PDF is complete once storeToURL returned, and a request that
        # comes meanwhile (the next job's probe) is read once the document is closed.
        for doc in opened:
            close_quietly(doc)
        if answer.get("error") == "crashed":
            break
    try:
        desktop.terminate()
    except Exception:
        pass
    try:
        soffice.wait(timeout=10)
    except Exception:
        soffice.kill()


if __name__ == "__main__":
    main()
