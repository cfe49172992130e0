package org.estuary.io;

import java.io.DataInput;
import java.io.EOFException;
import java.io.IOException;
import java.io.StreamCorruptedException;
import java.util.ArrayList;
import java.util.List;

/** Reads what {@link AnnotationWriter} wrote, refusing malformed or oversized input from a hostile stream. */
final class AnnotationReader {

    /** More distinct bundles than any real object graph names; bounds the table a hostile stream can grow. */
    static final int MAX_ANNOTATIONS = 4096;

    /** For a Marshalled whose classes had no annotation at all. */
    static final AnnotationReader NONE = new AnnotationReader(null);

    private final DataInput in;
    private final List<String> seen = new ArrayList<>();

    AnnotationReader(DataInput in) {
        this.in = in;
    }

    String read() throws IOException {
        if (in == null) {
            return null;
        }
        try {
            int number = readVarint();
            if (number == 0) {
                return null;
            }
            if (number <= seen.size()) {
                return seen.get(number - 1);
            }
            if (number != seen.size() + 1) {
                throw new StreamCorruptedException("class annotation " + number + " refers to none of the "
                        + seen.size() + " annotations read so far");
            }
            if (seen.size() >= MAX_ANNOTATIONS) {
                throw new StreamCorruptedException("more than " + MAX_ANNOTATIONS + " distinct class annotations");
            }
            String annotation = in.readUTF();
            seen.add(annotation);
            return annotation;
        } catch (EOFException e) {
            StreamCorruptedException corrupt = new StreamCorruptedException(
                    "class annotation missing: the stream was not written by a MarshalOutputStream");
            corrupt.initCause(e);
            throw corrupt;
        }
    }

    private int readVarint() throws IOException {
        int value = 0;
        for (int shift = 0; shift < 32; shift += 7) {
            int b = in.readUnsignedByte();
            value |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                if (value < 0) {
                    break;
                }
                return value;
            }
        }
        throw new StreamCorruptedException("malformed class annotation number");
    }
}
