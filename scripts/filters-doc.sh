#!/usr/bin/env bash
# Remakes what docs/filters.md shows from loomy itself: each built-in filter's parameter table
# (`loomy filters NAME --format=markdown`, between its two markers) and its thumbnail
# (docs/filters/NAME.jpg, and original.jpg), made by `loomy gallery` of one sample photo.
# Re-run it after a filter or a parameter is added or changed; FiltersDocTest fails until then.
#   scripts/filters-doc.sh [IMAGE]      (default: samples/sample-0004.jpg)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
image="${1:-$here/samples/sample-0004.jpg}"
doc="$here/docs/filters.md"
thumbs="$here/docs/filters"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# A filters file without filters of its own: the built-ins at their defaults, whatever ./filters.yaml holds.
config="$work/built-ins.yaml"
printf 'filters:\n' > "$config"
"$here/run.sh" build >/dev/null
mapfile -t names < <("$here/run.sh" filters --config="$config" | sed -n '/^NAME /,$p' | tail -n +2 | cut -d' ' -f1)

# The tables.
marker='^<!-- parameters: loomy filters ([A-Za-z0-9]+) --format=markdown -->$'
skipping=0
while IFS= read -r line; do
    if [[ $line =~ $marker ]]; then
        printf '%s\n' "$line"
        "$here/run.sh" filters --config="$config" --format=markdown "${BASH_REMATCH[1]}"
        skipping=1
    elif [[ $line == '<!-- end of parameters -->' ]]; then
        printf '%s\n' "$line"
        skipping=0
    elif (( ! skipping )); then
        printf '%s\n' "$line"
    fi
done < "$doc" > "$work/filters.md"
cp "$work/filters.md" "$doc"

# The thumbnails: the gallery's column 0 is the original, column N the Nth filter named.
mkdir -p "$work/in"
cp "$image" "$work/in/"
file="$(basename "$image")"
list="$(IFS=,; printf '%s' "${names[*]}")"
"$here/run.sh" gallery --quiet --config="$config" --filter="$list" --output="$work/gallery" "$work/in" >/dev/null
thumb() { printf '%s/gallery/thumbs/%s/%s.jpg' "$work" "$1" "$file"; }
mkdir -p "$thumbs"
cp "$(thumb 0)" "$thumbs/original.jpg"
for i in "${!names[@]}"; do
    cp "$(thumb $((i + 1)))" "$thumbs/${names[$i]}.jpg"
done
printf 'scripts/filters-doc.sh: %d parameter tables in %s, %d thumbnails of %s in %s\n' \
    "$(grep -cE "$marker" "$doc")" "$doc" "$((${#names[@]} + 1))" "$file" "$thumbs" >&2
