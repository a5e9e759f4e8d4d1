#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Every user-visible string has a finished German and Japanese translation.
# lupdate runs on copies in the build tree, so the checked-in .ts files are never rewritten.
set -euo pipefail
source_dir=$1
work_dir=$2
mkdir -p "$work_dir"
status=0
for lang in de ja; do
  cp "$source_dir/translations/vigil_$lang.ts" "$work_dir/vigil_$lang.ts"
  (cd "$source_dir" && /usr/lib/qt6/bin/lupdate -silent -no-obsolete -locations none $(cat translations/folders) \
      -ts "$work_dir/vigil_$lang.ts")
  report=$(/usr/lib/qt6/bin/lrelease "$work_dir/vigil_$lang.ts" -qm "$work_dir/vigil_$lang.qm")
  echo "$lang: $(echo "$report" | grep Generated)"
  if ! echo "$report" | grep -q "(.* finished and 0 unfinished)" || echo "$report" | grep -q "untranslated"; then
    echo "vigil_$lang.ts has unfinished or missing translations; run 'make translations' and translate them" >&2
    status=1
  fi
done
exit $status
