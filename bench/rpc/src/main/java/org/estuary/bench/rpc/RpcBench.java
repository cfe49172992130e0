package org.estuary.bench.rpc;

import java.rmi.registry.LocateRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.estuary.remote.BackendRef;
import org.estuary.remote.ClientSockets;
import org.estuary.remote.RegistryEntry;

/**
 * The client JVM: 1 KB echo calls over plain java.rmi and over Estuary's BackendRef, with 1 and 16 callers, each
 * after a warm-up. Args: plain port, estuary port, seconds per measurement. Prints one line per run and a last
 * line "result plain_p50_us=.. estuary_p50_us=.." for one caller.
 */
public final class RpcBench {

    interface Caller {
        byte[] call(byte[] data) throws Exception;
    }

    public static void main(String[] args) throws Exception {
        int plainPort = Integer.parseInt(args[0]);
        int estuaryPort = Integer.parseInt(args[1]);
        double seconds = Double.parseDouble(args[2]);
        RpcEcho plain = (RpcEcho) LocateRegistry.getRegistry("127.0.0.1", plainPort).lookup("echo");
        RegistryEntry entry = (RegistryEntry) LocateRegistry.getRegistry("127.0.0.1", estuaryPort,
                new ClientSockets(null, 10_000, 60_000, false)).lookup("echo");
        @SuppressWarnings("unchecked")
        BackendRef<RpcEcho> ref = (BackendRef<RpcEcho>) entry.proxy();
        byte[] kilobyte = new byte[1024];
        Arrays.fill(kilobyte, (byte) 42);
        Caller plainCall = plain::echo;
        Caller estuaryCall = data -> ref.call(b -> b.echo(data));
        double[] p50 = new double[2];
        for (int callers : new int[] {1, 16}) {
            for (int side = 0; side < 2; side++) {
                Caller caller = side == 0 ? plainCall : estuaryCall;
                String name = side == 0 ? "plain" : "estuary";
                run(caller, kilobyte, callers, Math.max(1, seconds / 3)); // warm-up
                double[] r = run(caller, kilobyte, callers, seconds);
                System.out.printf("rpc %-7s callers=%-2d p50_us=%.1f p99_us=%.1f calls_per_s=%.0f%n", name, callers,
                        r[0], r[1], r[2]);
                if (callers == 1) {
                    p50[side] = r[0];
                }
            }
        }
        System.out.printf("result plain_p50_us=%.1f estuary_p50_us=%.1f%n", p50[0], p50[1]);
    }

    /** p50 and p99 in microseconds, calls per second. */
    static double[] run(Caller caller, byte[] data, int callers, double seconds) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        long end = System.nanoTime() + (long) (seconds * 1e9);
        int maxSamples = 2_000_000 / callers;
        List<Future<long[]>> futures = new ArrayList<>();
        long start = System.nanoTime();
        for (int c = 0; c < callers; c++) {
            Callable<long[]> task = () -> {
                long[] samples = new long[maxSamples];
                int n = 0;
                while (n < maxSamples && System.nanoTime() < end) {
                    long t0 = System.nanoTime();
                    byte[] back = caller.call(data);
                    samples[n++] = System.nanoTime() - t0;
                    if (back.length != data.length) {
                        throw new IllegalStateException("echo returned " + back.length + " bytes");
                    }
                }
                return Arrays.copyOf(samples, n);
            };
            futures.add(pool.submit(task));
        }
        List<long[]> all = new ArrayList<>();
        for (Future<long[]> f : futures) {
            all.add(f.get((long) seconds + 60, TimeUnit.SECONDS));
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        pool.shutdown();
        int total = all.stream().mapToInt(a -> a.length).sum();
        long[] merged = new long[total];
        int at = 0;
        for (long[] a : all) {
            System.arraycopy(a, 0, merged, at, a.length);
            at += a.length;
        }
        Arrays.sort(merged);
        return new double[] {merged[total / 2] / 1000.0, merged[(int) (total * 0.99)] / 1000.0, total / elapsed};
    }
}
