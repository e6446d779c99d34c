#!/bin/sh
# Release smoke test: the installed binary prints the package version and answers an MCP initialize.
# usage: sh .github/smoke.sh PATH/TO/lapp   (from the repository root; needs only POSIX tools, no node)
set -eu
lapp=$1
version=$(sed -n 's/^  "version": "\(.*\)",$/\1/p' package.json)
[ -n "$version" ] || { echo "no version in package.json" >&2; exit 1; }

printed=$("$lapp" --version)
printf '%s\n' "$printed"
case "$printed" in
"lapp $version "*) ;;
*) echo "expected lapp $version" >&2; exit 1 ;;
esac

request='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"smoke","version":"0"}}}'
reply=$(printf '%s\n' "$request" | "$lapp" --root .)
printf '%s\n' "$reply"
case "$reply" in
*'"serverInfo":{"name":"lapp","version":"'"$version"'"'*) ;;
*) echo "no initialize reply from lapp $version" >&2; exit 1 ;;
esac
