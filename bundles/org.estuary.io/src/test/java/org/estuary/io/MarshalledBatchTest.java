package org.estuary.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.StreamCorruptedException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.Set;

import org.estuary.io.fixture.Color;
import org.junit.jupiter.api.Test;

/** Objects marshalled one at a time, handed over as one stream that shares their class descriptors. */
class MarshalledBatchTest {

    private final Marshaller plain = Marshallers.builder().classLoader(getClass().getClassLoader()).build();

    @Test
    void joinedObjectsReadBackAsEachAloneWithTheirDescriptorsWrittenOnce() throws Exception {
        List<Marshalled<Object>> items = new ArrayList<>();
        List<Object> objects = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            Object object = sample(i);
            objects.add(object);
            items.add(plain.marshalled(object));
        }
        MarshalledBatch<Object> batch = MarshalledBatch.join(items);
        assertEquals(objects.size(), batch.size());
        long alone = items.stream().mapToLong(Marshalled::size).sum();
        assertTrue(batch.bytes() < alone * 3 / 4, "shared descriptors: " + batch.bytes() + " bytes against " + alone);
        assertEquals(objects, readAll(batch));
        assertEquals(objects, readAll(travel(batch, plain))); // and after it travelled, read by the receiver
        assertEquals(objects, readAll(MarshalledBatch.separate(items)));
    }

    @Test
    void eachObjectIsHeldToTheFilterLimitsAloneNotTheBatchAsAWhole() throws Exception {
        SerialFilter filter = SerialFilter.builder().allow(SerialFilter.DEFAULT_ALLOWLIST).maxHashCapacity(64)
                .maxReferences(100).maxBytes(2048).build();
        Marshaller strict = Marshallers.builder().classLoader(getClass().getClassLoader()).filter(filter).build();
        List<Marshalled<Object>> items = new ArrayList<>(); // read through strict, as they were written by it
        List<Object> objects = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            Set<Object> set = new HashSet<>();
            for (int j = 0; j < 40; j++) {
                set.add("element " + i + "." + j); // a table of 64 slots and about 40 references, 1 KB
            }
            objects.add(set);
            items.add(strict.marshalled(set));
        }
        assertEquals(objects, readAll(MarshalledBatch.join(items)));

        List<Object> tooMany = new ArrayList<>();
        for (int j = 0; j < 120; j++) {
            tooMany.add(j);
        }
        items.add(10, strict.marshalled(tooMany)); // alone beyond maxReferences: refused in the batch too
        MarshalledBatch.Reader<Object> reader = MarshalledBatch.join(items).reader();
        for (int i = 0; i < 10; i++) {
            assertEquals(objects.get(i), reader.next());
        }
        SerialFilterException refused = assertThrows(SerialFilterException.class, reader::next);
        assertTrue(refused.getMessage().contains("maxReferences=100"), refused.getMessage());
        assertTrue(reader.broken());
        assertThrows(java.util.NoSuchElementException.class, reader::next);
        // the objects after it read from a batch of their own
        assertEquals(objects.subList(10, 20), readAll(MarshalledBatch.separate(items.subList(11, 21))));
    }

    @Test
    void aBatchLargerThanAReaderAdmitsAsOneArrayTravelsAsSeveralStreams() throws Exception {
        // each joined stream arrives as one byte array, which the reader's filter admits ahead of its data only up
        // to maxArrayMemory (512 KiB by default): a batch of 1.2 MB must not become one such array
        List<Marshalled<Object>> items = new ArrayList<>();
        List<Object> objects = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            int[] numbers = new int[7_500]; // 30 KB of event
            Arrays.fill(numbers, i);
            Object event = new Event(i, "large " + i, new Source("host", 4160), numbers, Color.RED, List.of());
            objects.add(event);
            items.add(plain.marshalled(event));
        }
        MarshalledBatch<Object> batch = MarshalledBatch.join(items);
        assertTrue(batch.bytes() > 2 * SerialFilter.DEFAULT_MAX_ARRAY_MEMORY, "bytes: " + batch.bytes());
        assertEquals(objects, readAll(travel(batch, plain)));
    }

    @Test
    void aClassTheReaderRefusesFailsItsObjectAndTheOnesThatShareItsStream() throws Exception {
        Marshaller refusing = Marshallers.builder().classLoader(getClass().getClassLoader())
                .filter(SerialFilter.builder().allow(SerialFilter.DEFAULT_ALLOWLIST)
                        .allow("!" + External.class.getName()).build())
                .build();
        List<Marshalled<Object>> items = List.of(plain.marshalled("first"), plain.marshalled(new External("x", 1)),
                plain.marshalled("third"));
        MarshalledBatch.Reader<Object> reader = travel(MarshalledBatch.join(items), refusing).reader();
        assertEquals("first", reader.next());
        SerialFilterException refused = assertThrows(SerialFilterException.class, reader::next);
        assertEquals(External.class.getName(), refused.className());
        assertTrue(reader.broken());

        MarshalledBatch.Reader<Object> separate = travel(MarshalledBatch.separate(items), refusing).reader();
        assertEquals("first", separate.next());
        assertThrows(SerialFilterException.class, separate::next);
        assertFalse(separate.broken());
        assertEquals("third", separate.next());
        assertFalse(separate.hasNext());
    }

    @Test
    void aStreamTheJoinerCannotParseStaysApartAndFailsOnlyItself() throws Exception {
        byte[] garbage = {(byte) 0xAC, (byte) 0xED, 0, 5, 0x73, 0x72, 0, 9, 'n', 'o'}; // ends inside a class name
        List<Marshalled<Object>> items = List.of(plain.marshalled(sample(1)), new Marshalled<>(garbage, null, plain),
                plain.marshalled(sample(2)), plain.marshalled(sample(3)));
        MarshalledBatch.Reader<Object> reader = MarshalledBatch.join(items).reader();
        assertEquals(sample(1), reader.next());
        assertThrows(IOException.class, reader::next);
        assertFalse(reader.broken());
        assertEquals(sample(2), reader.next());
        assertEquals(sample(3), reader.next());
        assertFalse(reader.hasNext());
    }

    @Test
    void aDamagedStreamNeverReachesIntoTheObjectsJoinedWithIt() throws Exception {
        // hostile input: whatever one object's bytes hold, the others read back as they were written
        Random random = new Random(42);
        List<Object> objects = new ArrayList<>();
        List<Marshalled<Object>> items = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            objects.add(sample(i));
            items.add(plain.marshalled(sample(i)));
        }
        for (int round = 0; round < 2000; round++) {
            int victim = random.nextInt(items.size());
            byte[] bytes = items.get(victim).objectBytes().clone();
            for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                bytes[4 + random.nextInt(bytes.length - 4)] = (byte) random.nextInt(256);
            }
            List<Marshalled<Object>> damaged = new ArrayList<>(items);
            damaged.set(victim, new Marshalled<>(bytes, items.get(victim).annotationBytes(), plain));
            MarshalledBatch.Reader<Object> reader = MarshalledBatch.join(damaged).reader();
            for (int i = 0; i < items.size() && !reader.broken(); i++) {
                try {
                    Object read = reader.next();
                    if (i != victim) {
                        assertEquals(objects.get(i), read, "object " + i + " next to damaged object " + victim);
                    }
                } catch (IOException | ClassNotFoundException | RuntimeException e) {
                    assertEquals(victim, i, "object " + i + " failed next to damaged object " + victim + ": " + e);
                }
            }
        }
    }

    @Test
    void aStreamOfObjectsAndDescriptorsThatReferToEachOtherKeepsItsStructure() throws Exception {
        Node first = new Node("a");
        first.next = new Node("b");
        first.next.next = first; // a cycle
        List<Marshalled<Object>> items = List.of(plain.marshalled(first), plain.marshalled(Color.class),
                plain.marshalled(new Object[] {Color.RED, Color.RED, "s", "s"}), plain.marshalled(first));
        List<Object> read = readAll(MarshalledBatch.join(items));
        Node again = (Node) read.get(0);
        assertEquals("b", again.next.name);
        assertTrue(again.next.next == again);
        assertEquals(Color.class, read.get(1));
        Object[] array = (Object[]) read.get(2);
        assertTrue(array[0] == Color.RED && array[1] == Color.RED && array[2] == array[3]);
        assertTrue(read.get(3) != again, "objects of two items are never shared");
    }

    private static List<Object> readAll(MarshalledBatch<Object> batch) throws Exception {
        List<Object> read = new ArrayList<>();
        MarshalledBatch.Reader<Object> reader = batch.reader();
        while (reader.hasNext()) {
            read.add(reader.next());
        }
        return read;
    }

    /** The batch serialized and read back by {@code reader}'s stream, as a receiver gets it. */
    @SuppressWarnings("unchecked")
    private MarshalledBatch<Object> travel(MarshalledBatch<Object> batch, Marshaller reader) throws Exception {
        return reader.unmarshal(plain.marshal(batch), MarshalledBatch.class);
    }

    private static Object sample(int i) {
        return switch (i % 6) {
            case 0 -> new Event(i, "event " + i, new Source("host", 4160 + i % 2), new int[] {i, i + 1},
                    Color.values()[i % 3], List.of("t" + i, "u"));
            case 1 -> new Custom(i);
            case 2 -> new External("external", i);
            case 3 -> new Event(i, null, null, new int[0], null, new ArrayList<>(List.of(new Custom(i))));
            case 4 -> Proxy.newProxyInstance(MarshalledBatchTest.class.getClassLoader(),
                    new Class<?>[] {Greeting.class}, new Handler("hello " + (i % 2)));
            default -> new Event(i, "e", new Source("other", i), new int[] {7}, Color.GREEN, List.of());
        };
    }

    static final class Event implements Serializable {
        private static final long serialVersionUID = 1L;
        final long id;
        final String name;
        final Source source;
        final int[] numbers;
        final Color color;
        final List<Object> tags;

        Event(long id, String name, Source source, int[] numbers, Color color, List<?> tags) {
            this.id = id;
            this.name = name;
            this.source = source;
            this.numbers = numbers;
            this.color = color;
            this.tags = new ArrayList<>(tags);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Event e && e.id == id && Objects.equals(e.name, name) && Objects.equals(e.source, source)
                    && Arrays.equals(e.numbers, numbers) && e.color == color && e.tags.equals(tags);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(id);
        }
    }

    record Source(String host, int port) implements Serializable {
    }

    /** A class with a writeObject method that writes optional data after its fields. */
    static final class Custom implements Serializable {
        private static final long serialVersionUID = 1L;
        private final int value;
        private transient String extra;

        Custom(int value) {
            this.value = value;
            this.extra = "extra " + value;
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeInt(value * 2);
            out.writeObject(extra);
            out.writeUTF("end");
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            if (in.readInt() != value * 2) {
                throw new StreamCorruptedException("optional data out of place");
            }
            extra = (String) in.readObject();
            in.readUTF();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Custom c && c.value == value && c.extra.equals(extra);
        }

        @Override
        public int hashCode() {
            return value;
        }
    }

    public static final class External implements Externalizable {
        private static final long serialVersionUID = 1L;
        private String text;
        private int number;

        public External() {
        }

        External(String text, int number) {
            this.text = text;
            this.number = number;
        }

        @Override
        public void writeExternal(ObjectOutput out) throws IOException {
            out.writeUTF(text);
            out.writeObject(List.of(number));
        }

        @Override
        public void readExternal(ObjectInput in) throws IOException, ClassNotFoundException {
            text = in.readUTF();
            number = (Integer) ((List<?>) in.readObject()).get(0);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof External e && e.text.equals(text) && e.number == number;
        }

        @Override
        public int hashCode() {
            return number;
        }
    }

    public interface Greeting {
        String greet();
    }

    record Handler(String greeting) implements InvocationHandler, Serializable {
        @Override
        public Object invoke(Object proxy, Method method, Object[] args) {
            return switch (method.getName()) {
                case "greet" -> greeting;
                case "equals" -> args[0] != null && Proxy.isProxyClass(args[0].getClass())
                        && Proxy.getInvocationHandler(args[0]).equals(this);
                case "hashCode" -> greeting.hashCode();
                default -> "Greeting[" + greeting + "]";
            };
        }
    }

    static final class Node implements Serializable {
        private static final long serialVersionUID = 1L;
        final String name;
        Node next;

        Node(String name) {
            this.name = name;
        }
    }

}
