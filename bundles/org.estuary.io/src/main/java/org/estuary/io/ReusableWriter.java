package org.estuary.io;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * One {@link MarshalOutputStream} kept open over growable buffers and reused for many objects, because creating
 * an object stream (its block buffers, handle tables and subclass audit) costs more than writing a small object
 * such as a lease. Each object still comes out exactly as a fresh stream writes it: the stream header, then the
 * object; handles and class annotation numbers start afresh ({@link MarshalOutputStream#startAfresh}), so no
 * back-reference and no annotation number reaches across two objects. Not thread-safe: {@link Pool} hands each
 * writer to one caller at a time, and a writer whose write failed is dropped rather than reused.
 */
final class ReusableWriter {

    private final ByteArrayOutputStream objectBytes = new ByteArrayOutputStream(512);
    private final ByteArrayOutputStream annotationBytes;
    private final MarshalOutputStream out;
    private final byte[] header;

    /** With {@code sideChannel}, class annotations go to their own buffer (as {@link Marshalled} keeps them). */
    ReusableWriter(ClassResolver classes, boolean sideChannel) throws IOException {
        annotationBytes = sideChannel ? new ByteArrayOutputStream(64) : null;
        out = new MarshalOutputStream(objectBytes, classes,
                sideChannel ? new DataOutputStream(annotationBytes) : null);
        out.flush();
        header = objectBytes.toByteArray(); // the stream header, written once by the constructor
    }

    /** Writes {@code object} as a fresh stream would; the object bytes, then (side channel) the annotations. */
    byte[][] write(Object object) throws IOException {
        objectBytes.reset();
        objectBytes.write(header);
        if (annotationBytes != null) {
            annotationBytes.reset();
        }
        out.writeObject(object);
        out.flush();
        byte[] objects = objectBytes.toByteArray();
        byte[] annotations = annotationBytes != null && out.wroteAnyAnnotation() ? annotationBytes.toByteArray()
                : null;
        out.startAfresh(); // its reset marker is flushed into objectBytes and dropped by the next write's reset
        return new byte[][] {objects, annotations};
    }

    /** A few writers for concurrent callers; more callers than writers get fresh ones. */
    static final class Pool {

        /** Writers that wrote more than this are not kept (a reset clears the handle table in its whole size). */
        static final int MAX_REUSED_BYTES = 16 * 1024;

        private final ClassResolver classes;
        private final boolean sideChannel;
        private final ArrayBlockingQueue<ReusableWriter> idle;

        Pool(ClassResolver classes, boolean sideChannel, int size) {
            this.classes = classes;
            this.sideChannel = sideChannel;
            this.idle = new ArrayBlockingQueue<>(size);
        }

        byte[][] write(Object object) throws IOException {
            ReusableWriter writer = idle.poll(); // a nested write (from a writeObject method) gets another one
            if (writer == null) {
                writer = new ReusableWriter(classes, sideChannel);
            }
            byte[][] written = writer.write(object); // on failure the writer is dropped: its state is unknown
            if (written[0].length <= MAX_REUSED_BYTES) {
                idle.offer(writer); // after a large object graph its buffers and handle table stay large: drop it
            }
            return written;
        }
    }
}
