package org.estuary.io;

import java.io.DataOutput;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;

import org.osgi.annotation.versioning.ProviderType;

/**
 * An object stream that annotates each class it writes with the bundle that defines it ({@link BundleId}; nothing
 * for JDK classes or outside OSGi), so that a {@link MarshalInputStream} can load the class through that bundle
 * again, in another bundle, after a restart or in another service. Get one from {@link Marshaller}.
 *
 * <p>A plain {@code ObjectInputStream} can read what this stream writes (it skips the annotations); the reverse is
 * not true.
 */
@ProviderType
public final class MarshalOutputStream extends ObjectOutputStream {

    private final ClassResolver classes;
    private final AnnotationWriter annotations;

    /**
     * @param sideChannel where annotations go instead of the stream itself (for {@link Marshalled}), or null
     */
    MarshalOutputStream(OutputStream out, ClassResolver classes, DataOutput sideChannel) throws IOException {
        super(out);
        this.classes = classes;
        this.annotations = new AnnotationWriter(sideChannel != null ? sideChannel : this);
    }

    @Override
    protected void annotateClass(Class<?> type) throws IOException {
        annotations.write(classes.annotationOf(type));
    }

    /** One annotation per interface, in the order the stream lists them. */
    @Override
    protected void annotateProxyClass(Class<?> type) throws IOException {
        for (Class<?> face : type.getInterfaces()) {
            annotations.write(classes.annotationOf(face));
        }
    }

    /**
     * Between two top-level objects of a reused stream ({@link ReusableWriter}): forgets every handle (writing the
     * reset marker) and restarts the class annotation numbers, so the next object reads alone.
     */
    void startAfresh() throws IOException {
        reset();
        flush();
        annotations.restart();
    }

    boolean wroteAnyAnnotation() {
        return annotations.wroteAny();
    }
}
