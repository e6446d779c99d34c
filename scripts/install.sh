#!/bin/sh
# Installs the lapp binary for this machine from a GitHub release, checked against the release's SHA256SUMS.
# POSIX sh only (dash, busybox ash, bash, zsh), so `curl -fsSL …/install.sh | sh` works everywhere.
#
#   curl -fsSL https://github.com/lapp-dev/lapp/releases/latest/download/install.sh | sh
#
# Environment:
#   LAPP_VERSION        the version to install, e.g. 0.2.0 (default: the latest release)
#   LAPP_INSTALL_DIR    where to put the binary (default: ~/.local/bin)
#   LAPP_DOWNLOAD_BASE  a folder URL holding the release archives and SHA256SUMS (a mirror, or a test server);
#                       when set, LAPP_VERSION is not used
set -eu

# Also in scripts/release-targets.ts (REPOSITORY); a test keeps the two equal.
REPOSITORY="lapp-dev/lapp"

say() {
	printf 'lapp install: %s\n' "$*"
}

fail() {
	printf 'lapp install: error: %s\n' "$*" >&2
	exit 1
}

has() {
	command -v "$1" >/dev/null 2>&1
}

# Sets $target to a release asset name such as linux-x64, linux-arm64-musl or darwin-arm64.
detect_target() {
	kernel=$(uname -s)
	machine=$(uname -m)
	case "$kernel" in
	Linux) os=linux ;;
	Darwin) os=darwin ;;
	MINGW* | MSYS* | CYGWIN* | Windows_NT)
		fail "on Windows, download lapp-windows-x64.zip from https://github.com/$REPOSITORY/releases and put lapp.exe on your PATH"
		;;
	*) fail "no lapp build for this operating system ($kernel)" ;;
	esac
	case "$machine" in
	x86_64 | amd64) arch=x64 ;;
	aarch64 | arm64 | armv8*) arch=arm64 ;;
	*) fail "no lapp build for this CPU ($machine)" ;;
	esac
	# A shell started under Rosetta 2 reports x86_64 on Apple silicon; the native build runs faster.
	if [ "$os" = darwin ] && [ "$arch" = x64 ] && [ "$(sysctl -n sysctl.proc_translated 2>/dev/null || true)" = 1 ]; then
		say "Rosetta 2 detected: installing the native Apple silicon build"
		arch=arm64
	fi
	target="$os-$arch"
	if [ "$os" = linux ] && is_musl; then
		target="$target-musl"
	fi
}

# The glibc build cannot start on musl systems (Alpine), and the other way round.
is_musl() {
	ldd_says=$(ldd --version 2>&1 || true)
	case "$ldd_says" in
	*musl*) return 0 ;;
	*GLIBC* | *glibc* | *"GNU libc"*) return 1 ;;
	esac
	# No ldd: musl's dynamic loader is the tell.
	for loader in /lib/ld-musl-*.so.1; do
		[ -e "$loader" ] && return 0
	done
	return 1
}

download() {
	if has curl; then
		curl --fail --silent --show-error --location --retry 2 --output "$2" "$1" || fail "could not download $1"
	elif has wget; then
		wget --quiet --output-document="$2" "$1" || fail "could not download $1"
	else
		fail "curl or wget is needed to download lapp"
	fi
}

# Reads the file on stdin so that no file name can change the output format.
sha256_of() {
	if has sha256sum; then
		sha256sum <"$1"
	elif has shasum; then
		shasum -a 256 <"$1"
	elif has openssl; then
		openssl dgst -sha256 -r <"$1"
	else
		fail "sha256sum, shasum or openssl is needed to verify the download"
	fi | cut -d ' ' -f 1 | tr 'A-F' 'a-f'
}

path_hint() {
	case ":$PATH:" in
	*":$1:"*)
		found=$(command -v lapp 2>/dev/null || true)
		if [ -n "$found" ] && [ "$found" != "$1/lapp" ]; then
			say "note: $found comes first on your PATH and will run instead of $1/lapp"
		fi
		return 0
		;;
	esac
	case "${SHELL:-}" in
	*/zsh) profile=.zshrc ;;
	*/bash) profile=.bashrc ;;
	*/fish)
		say "$1 is not on your PATH; add it with:  fish_add_path $1"
		return 0
		;;
	*) profile=.profile ;;
	esac
	say "$1 is not on your PATH; add it with:"
	say "  echo 'export PATH=\"$1:\$PATH\"' >> ~/$profile"
	say "then open a new terminal."
}

main() {
	detect_target
	archive="lapp-$target.tar.gz"
	if [ -n "${LAPP_DOWNLOAD_BASE:-}" ]; then
		base=${LAPP_DOWNLOAD_BASE%/}
	elif [ -n "${LAPP_VERSION:-}" ]; then
		base="https://github.com/$REPOSITORY/releases/download/v${LAPP_VERSION#v}"
	else
		base="https://github.com/$REPOSITORY/releases/latest/download"
	fi
	if [ -n "${LAPP_INSTALL_DIR:-}" ]; then
		install_dir=$LAPP_INSTALL_DIR
	elif [ -n "${HOME:-}" ]; then
		install_dir="$HOME/.local/bin"
	else
		fail "HOME is not set; set LAPP_INSTALL_DIR to choose where lapp goes"
	fi

	scratch=$(mktemp -d 2>/dev/null || mktemp -d -t lapp-install)
	trap 'rm -rf "$scratch"' EXIT
	trap 'exit 1' HUP INT TERM

	say "downloading $archive from $base"
	download "$base/SHA256SUMS" "$scratch/SHA256SUMS"
	download "$base/$archive" "$scratch/$archive"

	expected=$(awk -v name="$archive" '$2 == name || $2 == "*" name { print tolower($1); exit }' "$scratch/SHA256SUMS")
	case "$expected" in
	"" | *[!0-9a-f]*) fail "SHA256SUMS at $base has no valid checksum for $archive; nothing was installed" ;;
	esac
	[ "${#expected}" -eq 64 ] || fail "SHA256SUMS at $base has a malformed checksum for $archive; nothing was installed"
	actual=$(sha256_of "$scratch/$archive")
	if [ "$actual" != "$expected" ]; then
		fail "checksum mismatch for $archive (expected $expected, got $actual); nothing was installed"
	fi
	say "checksum verified ($expected)"

	mkdir "$scratch/unpacked"
	tar -xzf "$scratch/$archive" -C "$scratch/unpacked" || fail "could not unpack $archive; nothing was installed"
	if [ ! -f "$scratch/unpacked/lapp" ] || [ -L "$scratch/unpacked/lapp" ]; then
		fail "$archive does not contain the lapp binary; nothing was installed"
	fi

	mkdir -p "$install_dir" || fail "cannot create $install_dir"
	# Stage beside the destination, prove it runs, then rename over any old binary in one step: a running
	# lapp keeps its old file, and a failed download never leaves a half-written binary behind.
	staged="$install_dir/.lapp.install.$$"
	cp "$scratch/unpacked/lapp" "$staged" || fail "cannot write to $install_dir"
	chmod 755 "$staged"
	if ! version=$("$staged" --version 2>&1); then
		rm -f "$staged"
		case "$target" in
		# Bun's musl builds link the C++ runtime dynamically; Alpine does not install it by default.
		*-musl) say "musl systems need the C++ runtime: on Alpine, apk add libstdc++ libgcc" ;;
		esac
		fail "the downloaded binary does not run on this machine ($version); nothing was installed"
	fi
	mv -f "$staged" "$install_dir/lapp" || {
		rm -f "$staged"
		fail "cannot replace $install_dir/lapp"
	}
	say "installed $version to $install_dir/lapp"
	path_hint "$install_dir"
	say "next: lapp setup claude   (or codex, cursor) adds lapp to your agent's MCP configuration"
}

# Everything runs from this last line, so a download cut short mid-script executes nothing.
main "$@"
