#!/usr/bin/env python3
"""Rewrite the output of the `$ paywall-sim …` examples in Markdown files from real runs.

Runs every ```console block the way EndToEndTests/DocsExamplesTests does (a fresh working
directory per block with Scripts, Themes and Tests linked to the repository's, HOME and
XDG_STATE_HOME inside it, TERM=dumb, COLUMNS=80, stdin from /dev/null) and replaces each
command's expected lines with what the binary printed (and an `[exit N]` line when N is not 0).

A command whose expected output holds a `…` wildcard line is not rewritten (the wildcard is a
choice of what to show); the script prints it when its output no longer starts and ends as shown,
so it can be edited by hand. Read the diff (`git diff docs README.md`) before committing: the
docs are only right when the output is.

    Scripts/tools/refresh_docs_examples.py README.md docs/copy.md   # default: README.md and docs/**/*.md
    Scripts/tools/refresh_docs_examples.py --binary .build/debug/paywall-sim docs/guide.md
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROMPT = "$ paywall-sim"
ELLIPSIS = "\u2026"


def run_block(commands, binary):
    """Runs the commands (lists of arguments) in one fresh directory; returns (lines, status) each."""
    work = tempfile.mkdtemp(prefix="paywall-sim-docs-")
    try:
        os.makedirs(os.path.join(work, "home"))
        for name in ("Scripts", "Themes", "Tests"):
            os.symlink(os.path.join(ROOT, name), os.path.join(work, name))
        env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        env.update(HOME=os.path.join(work, "home"), XDG_STATE_HOME=os.path.join(work, "state"), TERM="dumb", COLUMNS="80")
        results = []
        for arguments in commands:
            done = subprocess.run([binary] + arguments, cwd=work, env=env, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
            lines = [line.rstrip() for line in done.stdout.decode("utf-8", "replace").split("\n")]
            while lines and lines[-1] == "":
                lines.pop()
            results.append((lines, done.returncode))
        return results
    finally:
        for name in ("Scripts", "Themes", "Tests"):
            link = os.path.join(work, name)
            if os.path.islink(link):
                os.unlink(link)
        shutil.rmtree(work, ignore_errors=True)


def split_command(text):
    import shlex
    return shlex.split(text[len(PROMPT):])


def refresh(path, binary):
    lines = open(path, encoding="utf-8").read().split("\n")
    out, index, changed = [], 0, False
    while index < len(lines):
        line = lines[index]
        out.append(line)
        index += 1
        if line.strip() != "```console":
            continue
        body = []
        while index < len(lines) and lines[index].strip() != "```":
            body.append(lines[index])
            index += 1
        # Commands and their expected lines.
        entries = []
        for text in body:
            if text.startswith(PROMPT):
                entries.append([text, []])
            elif entries:
                entries[-1][1].append(text)
        results = run_block([split_command(e[0]) for e in entries], binary) if entries else []
        for (command, expected), (actual, status) in zip(entries, results):
            out.append(command)
            exit_line = [f"[exit {status}]"] if status != 0 else []
            kept = expected[:]
            while kept and kept[-1].strip() == "":
                kept.pop()
            blanks = expected[len(kept):]
            if any(x.strip() == ELLIPSIS for x in kept):
                out.extend(expected)
                head = [x for x in kept[: next(i for i, x in enumerate(kept) if x.strip() == ELLIPSIS)]]
                if actual[: len(head)] != [h.rstrip() for h in head]:
                    print(f"{path}: check by hand (wildcard block): {command}", file=sys.stderr)
                continue
            new = actual + exit_line
            if [x.rstrip() for x in kept] != new:
                changed = True
            out.extend(new + blanks)
        if index < len(lines):
            out.append(lines[index])
            index += 1
    if changed:
        open(path, "w", encoding="utf-8").write("\n".join(out))
        print(f"rewrote {path}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/paywall-sim"))
    options = parser.parse_args()
    files = options.files or [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs/**/*.md"), recursive=True))
    for path in files:
        refresh(path, os.path.abspath(options.binary))


if __name__ == "__main__":
    main()
