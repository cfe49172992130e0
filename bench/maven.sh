# Sourced by bench/*/run: the Maven command and local repository a benchmark builds its harness with, and
# bench_install, which installs the Estuary bundles the harness compiles against from this checkout when they are
# missing from that repository or older than their sources, so every benchmark measures the checkout.
#
# The repository is the one the build used: MAVEN_REPO, else -Dmaven.repo.local=DIR in MAVEN_OPTS or MVN_FLAGS,
# else ~/.m2/repository. MVN is the Maven command (default mvn), MVN_FLAGS extra options for every call (for
# example MVN_FLAGS=-o to build offline).

bench_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MVN=${MVN:-mvn}
MVN_FLAGS=${MVN_FLAGS:-}
m2=${MAVEN_REPO:-}
if [ -z "$m2" ]; then
    for option in ${MAVEN_OPTS:-} $MVN_FLAGS; do
        case $option in -Dmaven.repo.local=*) m2=${option#-Dmaven.repo.local=} ;; esac
    done
fi
m2=${m2:-$HOME/.m2/repository}

# bench_mvn ARGS...: Maven with the flags and the repository above.
bench_mvn() {
    $MVN $MVN_FLAGS -Dmaven.repo.local="$m2" "$@"
}

# bench_install NAME POM: installs the org.estuary bundles POM depends on (with the modules they need, -am) when a
# jar is missing from the repository or older than its bundle's sources, and removes the harness's compiled classes
# (Maven's incremental build keeps classes compiled against a bundle's older API: NoSuchMethodError in the run).
# NAME prefixes the messages.
bench_install() {
    local name=$1 pom=$2 dependency bundle jar stale=()
    rm -rf "$(dirname "$pom")/target/classes"
    # each org.estuary dependency as "artifactId" or "artifactId-tests" (a test jar)
    for dependency in $(awk '/<dependency>/ { a = ""; t = "" }
            /<artifactId>org\.estuary\./ { gsub(/.*<artifactId>|<\/artifactId>.*/, ""); a = $0 }
            /<type>test-jar<\/type>/ { t = "-tests" }
            /<\/dependency>/ && a != "" { print a t }' "$pom" | sort -u); do
        bundle=${dependency%-tests}
        jar="$m2/org/estuary/$bundle/0.1.0-SNAPSHOT/$dependency-0.1.0-SNAPSHOT.jar"
        [ "$dependency" = "$bundle" ] || jar="$m2/org/estuary/$bundle/0.1.0-SNAPSHOT/$bundle-0.1.0-SNAPSHOT-tests.jar"
        if [ ! -f "$jar" ] || [ -n "$(cd "$bench_root" && find "bundles/$bundle/src" "bundles/$bundle/bnd.bnd" \
                "bundles/$bundle/pom.xml" bundles/pom.xml cnf pom.xml -newer "$jar" -type f -print -quit)" ]; then
            [[ " ${stale[*]} " == *" bundles/$bundle "* ]] || stale+=("bundles/$bundle")
        fi
    done
    [ ${#stale[@]} -gt 0 ] || return 0
    printf '%s\n' "$name: installing ${stale[*]} from this checkout into $m2 (missing or older than its sources)" >&2
    mkdir -p "$(dirname "$pom")/target"
    local log="$(cd "$(dirname "$pom")" && pwd)/target/install.out"
    # -am also installs the modules and parent poms they need; tests are the build's job, not the benchmark's.
    if ! (cd "$bench_root" && bench_mvn -q -B -pl "$(IFS=,; echo "${stale[*]}")" -am install -DskipTests) \
            > "$log" 2>&1; then
        cat "$log" >&2
        printf '%s\n' "$name: installing the bundles failed (output above)" >&2
        exit 1
    fi
}

# bench_store_raw BACKEND DIR ERRFILE: the store benchmark's line for BACKEND with 64 thread writers (bench/store, 5 s,
# data in DIR, its standard error to ERRFILE), prefixed `store `: the raw rate a service's 64 clients are measured
# against in the same run (records_per_s=<n>).
bench_store_raw() {
    local backend=$1 dir=$2 err=$3
    JAVA_TOOL_OPTIONS="-Destuary.bench.writers=64" "$bench_root/bench/store/run" 5 "$dir" "$backend" 0 2> "$err" \
        | grep "^backend=$backend writers=64 mode=threads" | head -1 | sed 's/^/store /'
}
