package org.estuary.event.test;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;

/** An executor that runs nothing until the test says so. */
public final class StepExecutor implements Executor {

    private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();

    @Override
    public synchronized void execute(Runnable task) {
        tasks.addLast(task);
    }

    public synchronized int pending() {
        return tasks.size();
    }

    /** Runs every task given so far and any they give, in the calling thread. */
    public void runAll() {
        while (true) {
            Runnable next;
            synchronized (this) {
                next = tasks.pollFirst();
            }
            if (next == null) {
                return;
            }
            next.run();
        }
    }
}
