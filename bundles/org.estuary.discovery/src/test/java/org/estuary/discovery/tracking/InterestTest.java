package org.estuary.discovery.tracking;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.MarshalledObject;
import java.util.List;
import java.util.Set;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.lookup.ServiceID;

import org.junit.jupiter.api.Test;

// LD.3.1 (register's groups and locators) and LD.4.1.1 (the group and locator mutators, getGroups, getLocators).
class InterestTest {

    private static final LookupLocator L1 = new LookupLocator("h1", 4160);
    private static final LookupLocator L2 = new LookupLocator("h2", 4161);

    private static Registrar registrar(LookupLocator at, String... groups) throws Exception {
        return new Registrar(new ServiceID(1, 1), new MarshalledObject<>("proxy"), List.of(groups), at);
    }

    @Test
    void ld31NullGroupsMeanEveryGroupEmptyMeansNoneAndNullLocatorsMeanNone() throws Exception {
        Interest all = Interest.register(null, null);
        assertNull(all.groups());
        assertNull(all.groupsArray());
        assertArrayEquals(new LookupLocator[0], all.locatorsArray());
        assertTrue(all.byGroup(registrar(null, "anything")));
        assertTrue(all.byGroup(registrar(null)));

        Interest none = Interest.register(new String[0], new LookupLocator[0]);
        assertArrayEquals(new String[0], none.groupsArray());
        assertFalse(none.wants(registrar(L1, "g")));
    }

    @Test
    void ld31NullElementsAreRefusedAndDuplicatesRemoved() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> Interest.register(new String[] {"g", null}, null));
        assertTrue(e.getMessage().startsWith("LD.3.1 register"), e.getMessage());
        assertThrows(NullPointerException.class, () -> Interest.register(null, new LookupLocator[] {L1, null}));
        Interest i = Interest.register(new String[] {"g", "h", "g"},
                new LookupLocator[] {L1, new LookupLocator("H1", 4160), L2});
        assertArrayEquals(new String[] {"g", "h"}, i.groupsArray());
        assertArrayEquals(new LookupLocator[] {L1, L2}, i.locatorsArray());
    }

    @Test
    void ld411AddAndRemoveGroupsNeedAManagedSet() {
        Interest all = Interest.register(null, null);
        assertThrows(UnsupportedOperationException.class, () -> all.addGroups(new String[] {"g"}));
        assertThrows(UnsupportedOperationException.class, () -> all.removeGroups(new String[] {"g"}));
        assertNull(all.groups(), "a refused call changes nothing");
    }

    @Test
    void ld411GroupMutators() {
        Interest i = Interest.register(new String[] {"a"}, null);
        assertEquals(Set.of("a", "b"), i.addGroups(new String[] {"b", "a", "b"}).groups());
        assertEquals(Set.of("a"), i.addGroups(new String[0]).groups());
        assertNull(i.setGroups(null).groups());
        assertEquals(Set.of(), i.setGroups(new String[0]).groups());
        assertEquals(Set.of(), i.removeGroups(new String[] {"a", "z"}).groups());
        assertEquals(Set.of("a"), i.removeGroups(new String[0]).groups());
        assertEquals(Set.of("a"), i.groups(), "interests are immutable");
    }

    @Test
    void ld411GroupMutatorsRefuseNull() {
        Interest i = Interest.register(new String[] {"a"}, null);
        assertThrows(NullPointerException.class, () -> i.addGroups(null));
        assertThrows(NullPointerException.class, () -> i.addGroups(new String[] {null}));
        assertThrows(NullPointerException.class, () -> i.setGroups(new String[] {"x", null}));
        assertThrows(NullPointerException.class, () -> i.removeGroups(null));
        assertThrows(NullPointerException.class, () -> i.removeGroups(new String[] {null}));
    }

    @Test
    void ld411LocatorMutators() {
        Interest i = Interest.register(new String[0], new LookupLocator[] {L1});
        assertEquals(Set.of(L1, L2), i.addLocators(new LookupLocator[] {L2, L1}).locators());
        assertEquals(Set.of(L2), i.setLocators(new LookupLocator[] {L2}).locators());
        assertEquals(Set.of(), i.setLocators(new LookupLocator[0]).locators());
        assertEquals(Set.of(), i.removeLocators(new LookupLocator[] {L1, L2}).locators());
        assertEquals(Set.of(L1), i.removeLocators(new LookupLocator[0]).locators());
        for (String method : List.of("add", "set", "remove")) {
            assertThrows(NullPointerException.class, () -> apply(i, method, null), method);
            assertThrows(NullPointerException.class, () -> apply(i, method, new LookupLocator[] {null}), method);
        }
    }

    private static Interest apply(Interest i, String method, LookupLocator[] arg) {
        switch (method) {
            case "add":
                return i.addLocators(arg);
            case "set":
                return i.setLocators(arg);
            default:
                return i.removeLocators(arg);
        }
    }

    @Test
    void soughtByGroupOrByLocator() throws Exception {
        Interest i = Interest.register(new String[] {"g"}, new LookupLocator[] {L1});
        assertTrue(i.byGroup(registrar(null, "g", "x")));
        assertFalse(i.byGroup(registrar(L1, "x")));
        assertTrue(i.byLocator(registrar(L1, "x")));
        assertTrue(i.wants(registrar(L1, "x")));
        assertFalse(i.wants(registrar(L2, "x")));
        assertFalse(i.wants(registrar(null, "x")));
    }
}
