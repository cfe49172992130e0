package org.estuary.io.testing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Hashed collections an attacker builds to burn the reader's CPU while it rebuilds their tables: the known shapes,
 * for the tests of the filter that refuses them and of the services behind it.
 */
public final class HashBombs {

    private HashBombs() {
    }

    /** Sets of sets sharing their two elements at every level: rebuilding the top set hashes 2^levels sets. */
    public static Set<Object> nestedSets(int levels) {
        Set<Object> root = new HashSet<>();
        Set<Object> left = root;
        Set<Object> right = new HashSet<>();
        for (int i = 0; i < levels; i++) {
            Set<Object> a = new HashSet<>();
            Set<Object> b = new HashSet<>();
            a.add("distinct");
            left.add(a);
            left.add(b);
            right.add(a);
            right.add(b);
            left = a;
            right = b;
        }
        return root;
    }

    /** The same shape with maps: the keys are maps whose hash is that of their entries. */
    public static Map<Object, Object> nestedMaps(int levels) {
        Map<Object, Object> root = new HashMap<>();
        Map<Object, Object> left = root;
        Map<Object, Object> right = new HashMap<>();
        for (int i = 0; i < levels; i++) {
            Map<Object, Object> a = new HashMap<>();
            Map<Object, Object> b = new HashMap<>();
            a.put("distinct", "");
            left.put(a, "");
            left.put(b, "");
            right.put(a, "");
            right.put(b, "");
            left = a;
            right = b;
        }
        return root;
    }

    /** {@code n} distinct lists [a, -31a], all with hash 31 * (31 + a) + (-31a) = 961: every key collides. */
    public static List<Object> collidingKeys(int n) {
        List<Object> keys = new ArrayList<>();
        for (int a = 0; a < n; a++) {
            keys.add(new ArrayList<>(List.of(a, -31 * a)));
        }
        return keys;
    }

    /** {@code map} holding every one of {@code keys}. */
    public static Map<Object, Object> mapOf(Map<Object, Object> map, List<Object> keys) {
        for (Object key : keys) {
            map.put(key, Boolean.TRUE);
        }
        return map;
    }
}
