// The etcd side of Estuary's landlord benchmark (bench/landlord/run). bench/landlord/run copies etcd's lease
// package (Debian's golang-etcd-server-dev, etcd 3.4) into a scratch GOPATH and adds this file to it, so the test
// runs inside package lease next to etcd's own lessor_bench_test.go and uses, in landlordSetUp, the lessor, bbolt
// backend and configuration of its setUp (etcd's BenchmarkLessor* benchmarks), changed only for the expiry phase.
//
// It does what the Java harness does to Estuary's LeaseTable, at the same size: N grants, used heap per lease
// after GC, every lease renewed once in a shuffled order, and the expiry path for N expired leases. Skipped
// unless LANDLORD_LEASES is set.

package lease

import (
	"fmt"
	"math/rand"
	"os"
	"runtime"
	"sort"
	"strconv"
	"testing"
	"time"

	"go.etcd.io/etcd/mvcc/backend"
	"go.uber.org/zap"
)

const landlordTTL = 3600 // seconds: nothing expires while the grant and renew phases run

func TestLandlordPeer(t *testing.T) {
	n, err := strconv.Atoi(os.Getenv("LANDLORD_LEASES"))
	if err != nil || n <= 0 {
		t.Skip("LANDLORD_LEASES not set")
	}
	rounds := 3
	if r, err := strconv.Atoi(os.Getenv("LANDLORD_ROUNDS")); err == nil && r > 0 {
		rounds = r
	}
	batch := 4096 // leases taken per findExpiredLeases call, Estuary's expiry batch

	fmt.Printf("etcd leases=%d rounds=%d warmup=1 go=%s expiry_batch=%d\n", n, rounds, runtime.Version(), batch)
	landlordRound(t, n, batch) // warm-up, discarded

	var grant, heap, renew, find, expire []float64
	for r := 1; r <= rounds; r++ {
		g, h, rn, f, e := landlordRound(t, n, batch)
		fmt.Printf("etcd round=%d grant_ns=%.1f heap_bytes_per_lease=%.1f renew_ns=%.1f"+
			" find_expired_per_s=%.0f expirations_per_s=%.0f\n", r, g, h, rn, f, e)
		grant, heap, renew = append(grant, g), append(heap, h), append(renew, rn)
		find, expire = append(find, f), append(expire, e)
	}
	fmt.Printf("etcd result grant_ns=%.1f heap_bytes_per_lease=%.1f renew_ns=%.1f"+
		" find_expired_per_s=%.0f expirations_per_s=%.0f\n",
		median(grant), median(heap), median(renew), median(find), median(expire))
}

// landlordRound returns ns per grant, heap bytes per lease, ns per renewal, expired leases found per second
// (findExpiredLeases alone) and expirations per second (findExpiredLeases and Revoke).
func landlordRound(t *testing.T, n, batch int) (grantNs, heapPerLease, renewNs, findPerS, expirePerS float64) {
	le, tearDown := landlordSetUp(true)
	heapBefore := heapAfterGC()
	start := time.Now()
	for j := 1; j <= n; j++ {
		if _, err := le.Grant(LeaseID(j), landlordTTL); err != nil {
			t.Fatal(err)
		}
	}
	grantNs = float64(time.Since(start).Nanoseconds()) / float64(n)
	// Commit bbolt's pending batch so its write buffers are not counted as lessor heap.
	le.b.ForceCommit()
	heapPerLease = float64(int64(heapAfterGC())-int64(heapBefore)) / float64(n)

	order := rand.New(rand.NewSource(42)).Perm(n)
	start = time.Now()
	for _, j := range order {
		if _, err := le.Renew(LeaseID(j + 1)); err != nil {
			t.Fatal(err)
		}
	}
	renewNs = float64(time.Since(start).Nanoseconds()) / float64(n)
	if len(le.leaseMap) != n {
		t.Fatalf("lessor holds %d leases, expected %d", len(le.leaseMap), n)
	}
	tearDown()

	// Expiry: N leases granted already expired (a negative TTL, as etcd's FindExpired benchmark uses) to a
	// primary lessor whose run loop is stopped, then the primary's expiry path run by hand: findExpiredLeases
	// under the lessor's lock, then Revoke of each lease found (what etcd's server does once the revoke has gone
	// through raft: drop the lease from the lessor and delete it from the backend). etcd's own run loop would
	// take at most 500 leases per 500 ms tick (leaseRevokeRate = 1000/s); this measures the mechanism, unthrottled.
	le, tearDown = landlordSetUp(false)
	for j := 1; j <= n; j++ {
		if _, err := le.Grant(LeaseID(j), -1); err != nil {
			t.Fatal(err)
		}
	}
	var findTook, revokeTook time.Duration
	revoked := 0
	for revoked < n {
		start = time.Now()
		le.mu.Lock()
		ls := le.findExpiredLeases(batch)
		le.mu.Unlock()
		findTook += time.Since(start)
		if len(ls) == 0 {
			break
		}
		start = time.Now()
		for _, l := range ls {
			if err := le.Revoke(l.ID); err != nil {
				t.Fatal(err)
			}
		}
		revokeTook += time.Since(start)
		revoked += len(ls)
	}
	if revoked != n || len(le.leaseMap) != 0 {
		t.Fatalf("revoked %d of %d leases; %d left", revoked, n, len(le.leaseMap))
	}
	tearDown()
	findPerS = float64(n) / findTook.Seconds()
	expirePerS = float64(n) / (findTook + revokeTook).Seconds()
	return
}

// landlordSetUp is etcd's setUp (lessor_bench_test.go) with two changes for the expiry phase. Expired leases are
// retried after etcd's default interval (3 s) instead of setUp's 10 µs: with 10 µs, one findExpiredLeases call of
// a few thousand leases runs longer than the interval and returns leases it already returned earlier in the same
// call, which Revoke then no longer finds. And with keepRunLoop false the lessor's run loop is stopped at once,
// so it does not pick up (and re-queue for 3 s) leases that expire while the benchmark grants them. MinLeaseTTL
// stays negative so leases can be granted already expired.
func landlordSetUp(keepRunLoop bool) (le *lessor, tearDown func()) {
	lg := zap.NewNop()
	be, tmpPath := backend.NewDefaultTmpBackend()
	le = newLessor(lg, be, nil, LessorConfig{MinLeaseTTL: -1000})
	le.SetRangeDeleter(func() TxnDelete {
		ftd := &FakeTxnDelete{be.BatchTx()}
		ftd.Lock()
		return ftd
	})
	le.Promote(0)
	if !keepRunLoop {
		le.Stop()
	}
	return le, func() {
		if keepRunLoop {
			le.Stop()
		}
		be.Close()
		os.Remove(tmpPath)
	}
}

func heapAfterGC() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

func median(values []float64) float64 {
	sorted := append([]float64(nil), values...)
	sort.Float64s(sorted)
	m := len(sorted) / 2
	if len(sorted)%2 == 1 {
		return sorted[m]
	}
	return (sorted[m-1] + sorted[m]) / 2
}
