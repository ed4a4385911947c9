#!/usr/bin/env bash
# Copies the results that the bench scripts generated into README.md and docs/*.md, so that no
# results table there is a copy made by hand. A generated file (bench/results/*.md) marks each of
# its parts as a block:
#
#   <!-- results:NAME -->
#   ...
#   <!-- /results:NAME -->
#
# and wherever README.md or a file of docs/ holds a block of the same NAME, its lines are replaced
# by the generated ones. bench/run.sh, bench/peers.sh and bench/scans.sh run this after writing
# their results; ResultsBlocksTest fails when a block in README.md or docs/ differs from its source.
#
#   bench/tables.sh      (no options)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
shopt -s nullglob
generated=(bench/results/*.md)
(( ${#generated[@]} > 0 )) || { echo "tables: no generated results in bench/results" >&2; exit 1; }

for doc in README.md docs/*.md; do
    tmp="$(mktemp "$doc.XXXXXX")"
    # The generated files first (their blocks kept by name), then the document, written out with its
    # blocks' lines replaced. A block that is not closed, or that no generated file has, is an error.
    if ! awk -v doc="$doc" '
        function name_of(line, kind) {
            sub("^<!-- " kind "results:", "", line)
            sub(" -->$", "", line)
            return line
        }
        FILENAME != doc {
            if ($0 ~ /^<!-- results:[A-Za-z0-9-]+ -->$/) {
                open = name_of($0, "")
                if (open in text) { printf "tables: block %s twice among the generated files (%s)\n", open, FILENAME > "/dev/stderr"; bad = 1 }
                text[open] = ""
                next
            }
            if ($0 ~ /^<!-- \/results:/) { open = ""; next }
            if (open != "") text[open] = text[open] $0 "\n"
            next
        }
        $0 ~ /^<!-- results:[A-Za-z0-9-]+ -->$/ {
            inside = name_of($0, "")
            print
            if (!(inside in text)) {
                printf "tables: %s:%d: no generated file has a block %s\n", doc, FNR, inside > "/dev/stderr"
                bad = 1
            } else {
                printf "%s", text[inside]
            }
            next
        }
        $0 ~ /^<!-- \/results:/ {
            if (name_of($0, "/") != inside) { printf "tables: %s:%d: closes a block that is not open\n", doc, FNR > "/dev/stderr"; bad = 1 }
            inside = ""
            print
            next
        }
        inside == "" { print }
        END {
            if (inside != "") { printf "tables: %s: block %s is not closed\n", doc, inside > "/dev/stderr"; bad = 1 }
            exit bad
        }' "${generated[@]}" "$doc" >"$tmp"; then
        rm -f "$tmp"
        exit 1
    fi
    if cmp -s "$tmp" "$doc"; then
        rm -f "$tmp"
    else
        chmod --reference="$doc" "$tmp"
        mv "$tmp" "$doc"
        echo "tables: updated $doc" >&2
    fi
done
