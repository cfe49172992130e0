package foreign;

import java.util.concurrent.atomic.AtomicReference;

import org.estuary.remote.fixture.Source;

/**
 * Code that is not Estuary's calling a remote object (as another bundle in Karaf would): on its own thread, so no
 * Estuary frame is on the stack that reads the reply.
 */
public final class ForeignCaller {

    private ForeignCaller() {
    }

    /** What {@code source.get()} returned, or the exception it threw. */
    public static Object get(Source source) throws InterruptedException {
        AtomicReference<Object> result = new AtomicReference<>();
        Thread thread = new Thread(new Worker(source, result), "foreign-caller");
        thread.start();
        thread.join(30_000);
        return result.get();
    }

    private static final class Worker implements Runnable {
        private final Source source;
        private final AtomicReference<Object> result;

        Worker(Source source, AtomicReference<Object> result) {
            this.source = source;
            this.result = result;
        }

        @Override
        public void run() {
            try {
                result.set(source.get());
            } catch (Exception e) {
                result.set(e);
            }
        }
    }
}
