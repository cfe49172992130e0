package org.estuary.io.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The messages a java.util.logging logger (and its children) logs at a level or above while a test runs, which is
 * where Estuary's {@code System.Logger} writes outside OSGi. Start it before the code under test runs and close it
 * after ({@code @BeforeEach}/{@code @AfterEach}, or try-with-resources). Thread-safe: messages logged by any thread
 * are kept in order of arrival.
 */
public final class LogCapture extends Handler implements AutoCloseable {

    private final Logger logger;
    private final Level least;
    private final List<String> messages = new CopyOnWriteArrayList<>();

    private LogCapture(Logger logger, Level least) {
        this.logger = logger;
        this.least = least;
    }

    /** Captures what {@code loggerName} and the loggers below it log at {@code least} or above. */
    public static LogCapture of(String loggerName, Level least) {
        LogCapture capture = new LogCapture(Logger.getLogger(loggerName), least);
        capture.logger.addHandler(capture);
        return capture;
    }

    /** Captures the WARNING and SEVERE messages of {@code loggerName} and the loggers below it. */
    public static LogCapture warnings(String loggerName) {
        return of(loggerName, Level.WARNING);
    }

    /** The messages captured so far, oldest first (a live view). */
    public List<String> messages() {
        return messages;
    }

    @Override
    public void publish(LogRecord record) {
        if (record.getLevel().intValue() >= least.intValue()) {
            messages.add(record.getMessage());
        }
    }

    @Override
    public void flush() {
    }

    /** Stops capturing. */
    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
