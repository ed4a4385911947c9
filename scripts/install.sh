#!/usr/bin/env bash
# Installs loomy as a command, or removes it again:
#   scripts/install.sh install --jar=FILE --launcher=FILE --tool-files=DIR [--prefix=DIR]
#   scripts/install.sh uninstall [--prefix=DIR]
#   scripts/install.sh check [--prefix=DIR]   only checks install's options and prefix, as install does: run.sh
#                                             runs it before it builds anything
# Called by `./run.sh install [--prefix=DIR]`, which builds the jar and, in DIR (target/tool), the
# completion script and the man pages (the pom's man profile), and by `./run.sh uninstall`.
#
# What install writes under the prefix (default ~/.local), each file by a temporary name then renamed,
# so that a loomy running from an earlier install keeps the files it opened:
#   share/loomy/loomy.jar, share/loomy/run.sh  copies of the jar and of run.sh, its launcher: the installed
#                                              loomy does not use the repository, which may then move or go
#   bin/loomy                                  a symbolic link to share/loomy/run.sh
#   share/bash-completion/completions/loomy    the completion script, for bash and zsh
#   share/man/man1/loomy.1, loomy-*.1          the man pages
#   share/loomy/installed                      the list of these, each file with its SHA-256, and of the
#                                              folders it made
# uninstall removes what that list names, each file only while it is still a regular file with the
# content install wrote (the launcher's start-up caches,
# share/loomy/loomy-java*.jsa and loomy-java*.aot, with them), then
# the folders install made, where they are empty, and nothing else. Installing again into the same
# prefix first removes the earlier install. Nothing is written into, or removed from, a git checkout
# (this repository's own files among them), and a prefix that names a file, holds a newline or lies
# in this repository is refused (exit 2).
set -euo pipefail

say() { printf 'loomy: %s\n' "$*" >&2; }

action="${1:-}"
[[ "$action" == install || "$action" == uninstall || "$action" == check ]] \
    || { say "usage: install.sh install|uninstall|check [--prefix=DIR]"; exit 2; }
shift
# What the user typed: a check is of install's options.
command_name="$action"
[[ "$action" == check ]] && command_name=install
prefix="$HOME/.local"
jar=""
launcher=""
tool_files=""
while (( $# > 0 )); do
    case "$1" in
        --prefix=*) prefix="${1#*=}" ;;
        --prefix) (( $# > 1 )) || { say "--prefix needs a folder"; exit 2; }; prefix="$2"; shift ;;
        --jar=*) jar="${1#*=}" ;;
        --launcher=*) launcher="${1#*=}" ;;
        --tool-files=*) tool_files="${1#*=}" ;;
        *) say "unknown option for $command_name: $1 (expected --prefix=DIR)"; exit 2 ;;
    esac
    shift
done
[[ -n "$prefix" ]] || { say "--prefix needs a folder"; exit 2; }
# The list holds a path a line: a newline (or any control character) in one would break it.
[[ "$prefix" != *[[:cntrl:]]* ]] || { say "--prefix: a folder name with a newline or other control character is not taken"; exit 2; }
prefix="$(realpath -m -- "$prefix")"
share="$prefix/share/loomy"
list="$share/installed"
repository="$(cd "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)"

# The git checkout that $1 lies in (its root), or nothing: folders climbed from $1 up to /, links resolved.
checkout_of() {
    local dir
    dir="$(realpath -m -- "$1")"
    while :; do
        if [[ -e "$dir/.git" ]]; then
            printf '%s' "$dir"
            return 0
        fi
        [[ "$dir" == / ]] && return 1
        dir="$(dirname -- "$dir")"
    done
}
# Whether $1 is $2 or lies below it (both absolute, links resolved).
within() { [[ "$1" == "$2" || "$1" == "$2"/* ]]; }

prefix_real="$(realpath -m -- "$prefix")"
if within "$prefix_real" "$repository"; then
    say "--prefix=$prefix lies in loomy's repository ($repository): choose a folder outside it"
    exit 2
fi
existing="$prefix"
while [[ ! -e "$existing" && ! -L "$existing" ]]; do existing="$(dirname -- "$existing")"; done
if [[ ! -d "$existing" ]]; then
    say "--prefix=$prefix: $existing is not a folder"
    exit 2
fi
# Every folder install writes into, or uninstall removes from: never a git checkout.
for target in "$share" "$prefix/bin" "$prefix/share/bash-completion/completions" "$prefix/share/man/man1"; do
    if within "$(realpath -m -- "$target")" "$repository"; then
        say "--prefix=$prefix: $target lies in loomy's repository ($repository): choose a folder outside it"
        exit 2
    fi
    if root="$(checkout_of "$target")"; then
        say "--prefix=$prefix: $target lies in the git checkout $root: loomy installs nothing into one and removes nothing from one"
        exit 2
    fi
done

[[ "$action" == check ]] && exit 0

# Removes what the list of an earlier install names: files whose content is still what install wrote,
# the link if it is still ours, then the folders.
uninstall() {
    local quiet="$1" kind sum path dirs=()
    if [[ -L "$list" || ( -e "$list" && ! -f "$list" ) ]]; then
        say "$list is not a regular file: not read, nothing removed"
        return 1
    fi
    if [[ ! -f "$list" ]]; then
        [[ "$quiet" == true ]] || say "nothing to uninstall: $list does not exist"
        return 0
    fi
    local line
    while IFS= read -r line; do
        kind="${line%% *}"
        path="${line#* }"
        sum=""
        # "file SHA256 PATH"; a list from before checksums were kept has "file PATH", PATH absolute.
        if [[ "$kind" == file && "$path" != /* ]]; then
            sum="${path%% *}"
            path="${path#* }"
        fi
        case "$kind" in
            file)
                within "$path" "$prefix" || { say "left $path: not under $prefix"; continue; }
                [[ -e "$path" || -L "$path" ]] || continue
                if [[ -L "$path" || ! -f "$path" ]]; then
                    say "left $path: it is no longer the file install wrote"
                elif [[ -n "$sum" && "$(sha256sum -- "$path" | cut -d' ' -f1)" != "$sum" ]]; then
                    say "left $path: its content changed since install"
                else
                    rm -f -- "$path"
                    [[ "$quiet" == true ]] || say "removed $path"
                fi
                ;;
            link)
                if [[ -L "$path" && "$(readlink -- "$path")" == "$share/run.sh" ]]; then
                    rm -f -- "$path"
                    [[ "$quiet" == true ]] || say "removed $path"
                elif [[ -e "$path" || -L "$path" ]]; then
                    say "left $path: it is no longer the link to $share/run.sh"
                fi
                ;;
            dir) within "$path" "$prefix" && dirs+=("$path") ;;
        esac
    done < "$list"
    local archive
    for archive in "$share"/loomy-java*.jsa "$share"/loomy-java*.aot "$share"/loomy-java*.aot.failed; do
        [[ -f "$archive" && ! -L "$archive" ]] && rm -f -- "$archive" && { [[ "$quiet" == true ]] || say "removed $archive"; }
    done
    # A training of the start-up cache that was killed leaves its folder (run.sh's aot_train).
    for archive in "$share"/.aot-training.*; do
        [[ -d "$archive" && ! -L "$archive" ]] && rm -rf -- "$archive" && { [[ "$quiet" == true ]] || say "removed $archive"; }
    done
    rm -f -- "$list"
    # The folders install made, deepest first, where nothing else was put in them since.
    local i
    for (( i = ${#dirs[@]} - 1; i >= 0; i-- )); do
        rmdir -- "${dirs[i]}" 2>/dev/null && { [[ "$quiet" == true ]] || say "removed ${dirs[i]}/"; }
    done
    return 0
}

if [[ "$action" == uninstall ]]; then
    uninstall false || exit 1
    exit 0
fi

for given in jar launcher tool_files; do
    [[ -n "${!given}" ]] || { say "install needs --${given//_/-}"; exit 2; }
done
completion="$tool_files/loomy.bash"
pages=("$tool_files"/man/*.1)
[[ -f "$jar" && -f "$launcher" && -f "$completion" && -f "${pages[0]}" ]] \
    || { say "install needs the jar, run.sh, $completion and the man pages in $tool_files/man"; exit 2; }

uninstall true || exit 1
if [[ -e "$prefix/bin/loomy" || -L "$prefix/bin/loomy" ]]; then
    say "$prefix/bin/loomy exists and is not from an earlier install: not replaced (remove it, then install again)"
    exit 1
fi
written=()
# Notes $1 ("file PATH", "link PATH" or "dir PATH") in the list at once: an install cut short can be removed too.
note() {
    written+=("$1")
    if [[ -d "$share" ]]; then
        printf '%s\n' "${written[@]}" > "$list.new"
        mv -fT -- "$list.new" "$list"
    fi
}
# Makes folder $1 and its missing parents, noting those it made, outermost first.
folder() {
    local missing=() dir="$1"
    while [[ ! -d "$dir" ]]; do
        missing=("$dir" ${missing[@]+"${missing[@]}"})
        dir="$(dirname -- "$dir")"
    done
    mkdir -p -- "$1"
    local made
    for made in ${missing[@]+"${missing[@]}"}; do
        note "dir $made"
    done
}
# Copies $1 to $2 with mode $3: by a temporary name in the same folder, then renamed.
put() {
    folder "$(dirname -- "$2")"
    if [[ -L "$2" || ( -e "$2" && ! -f "$2" ) || ( -f "$2" && "$(stat -c %h -- "$2")" != 1 ) ]]; then
        say "$2 exists and is not a regular file of one name: not replaced (remove it, then install again)"
        exit 1
    fi
    local temporary="$2.loomy-new.$$"
    cp -- "$1" "$temporary"
    chmod "$3" "$temporary"
    mv -fT -- "$temporary" "$2"
    note "file $(sha256sum -- "$2" | cut -d' ' -f1) $2"
    say "wrote $2"
}

folder "$share"
put "$jar" "$share/loomy.jar" 0644
put "$launcher" "$share/run.sh" 0755
folder "$prefix/bin"
ln -s -- "$share/run.sh" "$prefix/bin/loomy"
note "link $prefix/bin/loomy"
say "wrote $prefix/bin/loomy -> $share/run.sh"
put "$completion" "$prefix/share/bash-completion/completions/loomy" 0644
for page in "${pages[@]}"; do
    put "$page" "$prefix/share/man/man1/$(basename -- "$page")" 0644
done
say "wrote $list (what ./run.sh uninstall --prefix=$prefix removes)"

# One start checks the launcher. It makes no start-up archive: one made by --version would hold only
# the few classes that loads, and the JVM would keep it; the first real run makes a whole one.
if ! version="$(LOOMY_JAVA_OPTS="${LOOMY_JAVA_OPTS:-} -XX:-AutoCreateSharedArchive" "$prefix/bin/loomy" --version 2>&1)"; then
    say "the installed loomy does not start: $version"
    exit 1
fi
say "installed ${version%%$'\n'*} in $prefix: the command is $prefix/bin/loomy"
on_path=false
case ":$PATH:" in
    *":$prefix/bin:"*) on_path=true ;;
    *) say "$prefix/bin is not on your PATH: add it, e.g. export PATH=\"$prefix/bin:\$PATH\" in ~/.bashrc" ;;
esac
# bash-completion loads a command's script by itself from these folders' bash-completion/completions.
installed_completion="$prefix/share/bash-completion/completions/loomy"
case ":${XDG_DATA_HOME:-$HOME/.local/share}:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}:" in
    *":$prefix/share:"*) say "completion: bash-completion loads $installed_completion by itself; in bash without it, source it in ~/.bashrc" ;;
    *) say "completion: bash-completion does not look in $prefix/share: source $installed_completion in ~/.bashrc" ;;
esac
say "  in zsh, add: autoload -U +X bashcompinit && bashcompinit; source $installed_completion"
if [[ "$on_path" == true ]]; then
    say "man loomy finds the pages through $prefix/bin on the PATH"
else
    say "man pages: man -l $prefix/share/man/man1/loomy.1 (man loomy finds them once $prefix/bin is on the PATH)"
fi
