package org.estuary.io;

import java.io.DataOutput;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes one class annotation per class descriptor. The first occurrence of an annotation is written in full and
 * numbered; later ones are written as their number, so a stream naming one bundle a hundred times carries its
 * name once. Encoding per descriptor: a varint {@code 0} (no annotation), {@code n} (the n-th annotation seen),
 * or {@code count + 1} followed by the new annotation in modified UTF-8.
 */
final class AnnotationWriter {

    private final DataOutput out;
    private final Map<String, Integer> numbers = new HashMap<>();

    AnnotationWriter(DataOutput out) {
        this.out = out;
    }

    void write(String annotation) throws IOException {
        if (annotation == null) {
            writeVarint(0);
            return;
        }
        Integer known = numbers.get(annotation);
        if (known != null) {
            writeVarint(known);
            return;
        }
        int next = numbers.size() + 1;
        numbers.put(annotation, next);
        writeVarint(next);
        out.writeUTF(annotation);
    }

    /** True once any class had an annotation; a Marshalled without any stores none. */
    /** Numbers start again at 1 for the next object of a reused stream. */
    void restart() {
        numbers.clear();
    }

    boolean wroteAny() {
        return !numbers.isEmpty();
    }

    private void writeVarint(int value) throws IOException {
        int v = value;
        while ((v & ~0x7F) != 0) {
            out.writeByte((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.writeByte(v);
    }
}
