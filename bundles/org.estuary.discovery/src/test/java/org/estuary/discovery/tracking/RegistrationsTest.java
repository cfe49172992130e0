package org.estuary.discovery.tracking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.rmi.MarshalledObject;
import java.util.List;
import java.util.Set;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.lookup.ServiceID;

import org.junit.jupiter.api.Test;

// LD.3.1, LD.3.2, LD.4.1.1: the notices each change calls for, across registrations.
class RegistrationsTest {

    private static final LookupLocator AT = new LookupLocator("lookup.example.org", 4160);

    private final Registrations<String> regs = new Registrations<>();

    private static Registrar registrar(long id, LookupLocator at, String... groups) throws Exception {
        return new Registrar(new ServiceID(0, id), new MarshalledObject<>("proxy " + id), List.of(groups), at);
    }

    private static Interest groups(String... g) {
        return Interest.register(g, null);
    }

    private static Registrations.Notice<String> found(String key, Registrar... rs) {
        return new Registrations.Notice<>(key, List.of(rs), false);
    }

    private static Registrations.Notice<String> lost(String key, Registrar... rs) {
        return new Registrations.Notice<>(key, List.of(rs), true);
    }

    @Test
    void ld31TheFirstEventAfterRegisterBatchesTheKnownLookupServicesItSeeks() throws Exception {
        Registrar a = registrar(1, null, "g");
        Registrar b = registrar(2, null, "g", "h");
        Registrar c = registrar(3, null, "x");
        assertEquals(List.of(found("r1", a, b)), regs.register("r1", groups("g"), List.of(a, b, c)));
        assertEquals(List.of(), regs.register("r2", groups("none"), List.of(a, b, c)));
        assertThrows(IllegalArgumentException.class, () -> regs.register("r1", groups("g"), List.of()));
    }

    @Test
    void ld32OneDiscoveredEventPerLookupServiceUntilItIsDiscarded() throws Exception {
        Registrar a = registrar(4, null, "g");
        regs.register("r1", groups("g"), List.of());
        assertEquals(List.of(found("r1", a)), regs.discovered(a));
        assertEquals(List.of(), regs.discovered(a));
        assertEquals(List.of(lost("r1", a)), regs.silent(a));
        assertEquals(List.of(found("r1", a)), regs.discovered(a));
    }

    @Test
    void ld32LaterRegistrationsStillHearOfLookupServicesKnownBefore() throws Exception {
        Registrar a = registrar(5, null, "g");
        regs.register("early", groups("g"), List.of());
        regs.discovered(a);
        assertEquals(List.of(found("late", a)), regs.register("late", groups("g"), List.of(a)));
    }

    @Test
    void ld411DiscardManyClientsOnlyThoseThatDiscardedHearOfTheRediscovery() throws Exception {
        Registrar a = registrar(6, null, "g");
        for (String key : List.of("first", "second", "bystander")) {
            regs.register(key, groups("g"), List.of());
        }
        regs.discovered(a);
        assertEquals(List.of(lost("first", a)), regs.discard("first", a.id()));
        assertEquals(List.of(lost("second", a)), regs.discard("second", a.id()));
        assertEquals(List.of(), regs.discard("second", a.id()), "no longer has it: nothing to discard");
        assertEquals(List.of(found("first", a), found("second", a)), regs.discovered(a));
        assertEquals(List.of(a), regs.discovered("bystander"));
    }

    @Test
    void ld31PassiveDiscardsGoOnlyToRegistrationsInterestedByGroup() throws Exception {
        Registrar before = registrar(7, AT, "g");
        Registrar after = registrar(7, AT, "h");
        regs.register("g", groups("g"), List.of(before));
        regs.register("locator", Interest.register(new String[0], new LookupLocator[] {AT}), List.of(before));
        regs.register("h", groups("h"), List.of(before));
        assertEquals(List.of(lost("g", after), found("h", after)), regs.groupsChanged(after));
        assertEquals(List.of(after), regs.discovered("locator"), "kept, with its new groups");

        assertEquals(List.of(lost("h", after)), regs.silent(after), "silence: the locator-only one keeps it");
        assertEquals(List.of(after), regs.discovered("locator"));
    }

    @Test
    void ld411RemovingInterestDiscardsAndAddingItDiscoversKnownOnes() throws Exception {
        Registrar byGroup = registrar(8, null, "g");
        Registrar byBoth = registrar(9, AT, "g");
        Registrar other = registrar(10, null, "h");
        List<Registrar> known = List.of(byGroup, byBoth, other);
        Interest i = Interest.register(new String[] {"g"}, new LookupLocator[] {AT});
        regs.register("r", i, known);
        i = i.setGroups(new String[0]);
        assertEquals(List.of(lost("r", byGroup)), regs.change("r", i, known));
        i = i.addGroups(new String[] {"h"});
        assertEquals(List.of(found("r", other)), regs.change("r", i, known));
        assertEquals(List.of(byBoth, other), regs.discovered("r"));
    }

    @Test
    void whatDiscoveryMustSeekIsTheUnionOfAllInterests() {
        assertEquals(Set.of(), regs.groupsSought());
        regs.register("a", groups("g"), List.of());
        regs.register("b", Interest.register(new String[] {"h"}, new LookupLocator[] {AT}), List.of());
        assertEquals(Set.of("g", "h"), regs.groupsSought());
        assertEquals(Set.of(AT), regs.locatorsSought());
        regs.register("c", Interest.register(null, null), List.of());
        assertNull(regs.groupsSought(), "one registration seeks every group");
        regs.remove("c");
        assertEquals(Set.of("g", "h"), regs.groupsSought());
    }

    @Test
    void aGroupOrLocatorIsSoughtUntilNoRegistrationSeeksItAnyMore() {
        regs.register("a", Interest.register(new String[] {"g"}, new LookupLocator[] {AT}), List.of());
        regs.register("b", Interest.register(new String[] {"g", "h"}, new LookupLocator[] {AT}), List.of());
        regs.change("b", Interest.register(new String[] {"h"}, null), List.of()); // LD.4.1.1: g and AT removed
        assertEquals(Set.of("g", "h"), regs.groupsSought(), "a still seeks g");
        assertEquals(Set.of(AT), regs.locatorsSought(), "a still seeks AT");
        regs.remove("a");
        assertEquals(Set.of("h"), regs.groupsSought());
        assertEquals(Set.of(), regs.locatorsSought());
        regs.change("b", Interest.register(null, null), List.of());
        assertNull(regs.groupsSought());
        regs.change("b", groups("k"), List.of());
        assertEquals(Set.of("k"), regs.groupsSought());
        assertFalse(regs.remove("a"), "removed before: nothing changes");
        regs.remove("b");
        assertEquals(Set.of(), regs.groupsSought());
    }

    @Test
    void anEndedRegistrationHearsNothingMore() throws Exception {
        Registrar a = registrar(11, null, "g");
        regs.register("gone", groups("g"), List.of());
        regs.remove("gone");
        assertEquals(List.of(), regs.discovered(a));
        assertThrows(IllegalArgumentException.class, () -> regs.discard("gone", a.id()));
    }
}
