package org.estuary.lease.client;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A map that checks every key and value stored into it, through {@code put} and through
 * {@code Map.Entry.setValue} alike.
 *
 * <p>Being generic matters: its {@code put(K, V)} erases to {@code put(Object, Object)}, so a subclass fixing
 * {@code K} and {@code V} gets no compiler bridge that would cast the arguments. A caller using the map raw then
 * meets {@link #check} (and its {@code IllegalArgumentException}, as LE.2.2 asks of a {@code LeaseMap}) instead of
 * a {@code ClassCastException}.
 */
abstract class CheckedMap<K, V> extends AbstractMap<K, V> {

    private final Map<K, V> entries = new LinkedHashMap<>();
    private final Set<Map.Entry<K, V>> entrySet = new EntrySet();

    /** Throws {@code IllegalArgumentException} if {@code key} or {@code value} may not be stored. */
    abstract void check(Object key, Object value);

    @Override
    public V put(K key, V value) {
        check(key, value);
        return entries.put(key, value);
    }

    @Override
    public V get(Object key) {
        return entries.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return entries.containsKey(key);
    }

    @Override
    public V remove(Object key) {
        return entries.remove(key);
    }

    @Override
    public int size() {
        return entries.size();
    }

    @Override
    public void clear() {
        entries.clear();
    }

    @Override
    public Set<Map.Entry<K, V>> entrySet() {
        return entrySet;
    }

    private final class EntrySet extends AbstractSet<Map.Entry<K, V>> {
        @Override
        public Iterator<Map.Entry<K, V>> iterator() {
            Iterator<Map.Entry<K, V>> inner = entries.entrySet().iterator();
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return inner.hasNext();
                }

                @Override
                public Map.Entry<K, V> next() {
                    return new CheckedEntry(inner.next());
                }

                @Override
                public void remove() {
                    inner.remove();
                }
            };
        }

        @Override
        public int size() {
            return entries.size();
        }

        @Override
        public void clear() {
            entries.clear();
        }
    }

    private final class CheckedEntry implements Map.Entry<K, V> {
        private final Map.Entry<K, V> inner;

        CheckedEntry(Map.Entry<K, V> inner) {
            this.inner = inner;
        }

        @Override
        public K getKey() {
            return inner.getKey();
        }

        @Override
        public V getValue() {
            return inner.getValue();
        }

        @Override
        public V setValue(V value) {
            check(inner.getKey(), value);
            return inner.setValue(value);
        }

        @Override
        public boolean equals(Object other) {
            return inner.equals(other);
        }

        @Override
        public int hashCode() {
            return inner.hashCode();
        }

        @Override
        public String toString() {
            return inner.toString();
        }
    }
}
