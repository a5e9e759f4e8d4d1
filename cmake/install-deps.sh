#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian 12 packages Vigil needs to build, test and run, and only
# those that are missing. Uses sudo when not root.
set -euo pipefail

packages=(
  cmake ninja-build g++ clang libclang-rt-14-dev lld pkg-config make
  qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libxkbcommon-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n libqt6sql6-sqlite
  libgrpc++-dev protobuf-compiler-grpc libprotobuf-dev protobuf-compiler
  libsqlite3-dev libzstd-dev libsnappy-dev sqlite3 openssl libcurl4-openssl-dev libpq-dev
  prometheus prometheus-alertmanager postgresql-15
  python3-grpcio python3-protobuf
  xvfb xauth libx11-dev libxtst6 fonts-dejavu-core fonts-ipafont-gothic fonts-noto-cjk poppler-utils
)

# The sanitizer lane (`make test`) and `make fuzz` build with clang: its sanitizers and libFuzzer.

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "vigil: installing missing packages: ${missing[*]}"
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "vigil: these packages are missing and neither root nor sudo is available: ${missing[*]}" >&2
    exit 1
  fi
  as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
