package dev.fluxbench.ldap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.unboundid.ldap.sdk.LDAPException;
import com.unboundid.ldap.sdk.ResultCode;
import com.unboundid.ldap.sdk.SearchResultEntry;
import com.unboundid.ldap.sdk.SearchScope;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.assertj.core.api.ThrowableAssertAlternative;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The directory loaded but not listening: binds and searches go straight to the in-memory
 * server.
 */
class DirectoryTests {

	private static final String PEOPLE = "ou=people,dc=fluxbench,dc=dev";

	private static final String GROUPS = "ou=groups,dc=fluxbench,dc=dev";

	@TempDir
	Path dir;

	@Test
	void loadWithoutLdifShouldSeedThreeUsersAndTwoGroupsFromTheBundledLdif() {
		try (Directory directory = Directory.load(0, null)) {
			assertThat(directory.source()).isEqualTo("classpath:fluxbench.ldif");
			assertThat(directory.users()).isEqualTo(3);
			assertThat(directory.groups()).isEqualTo(2);
			assertThat(directory.port()).as("not listening until listen()").isEmpty();
		}
	}

	@Test
	void bundledUsersShouldBindWithTheirDocumentedPasswords() throws LDAPException {
		try (Directory directory = Directory.load(0, null)) {
			for (String user : List.of("ada", "bob", "loadtest")) {
				assertThat(directory.server().bind("uid=" + user + "," + PEOPLE, user + "-secret").getResultCode())
					.as(user)
					.isEqualTo(ResultCode.SUCCESS);
			}
		}
	}

	@Test
	void bundledGroupsShouldListTheirMembersByDn() throws LDAPException {
		try (Directory directory = Directory.load(0, null)) {
			assertThat(groupsOf(directory, "ada")).containsExactlyInAnyOrder("admins", "users");
			assertThat(groupsOf(directory, "bob")).containsExactly("users");
			assertThat(groupsOf(directory, "loadtest")).containsExactly("users");
		}
	}

	@Test
	void bundledUsersShouldBeInetOrgPersonsWithTheAttributesAnLdapProviderReads() throws LDAPException {
		try (Directory directory = Directory.load(0, null)) {
			SearchResultEntry ada = directory.server().getEntry("uid=ada," + PEOPLE);

			assertThat(ada.getObjectClassValues()).contains("inetOrgPerson");
			assertThat(ada.getAttributeValue("uid")).isEqualTo("ada");
			assertThat(ada.getAttributeValue("cn")).isNotBlank();
			assertThat(ada.getAttributeValue("sn")).isNotBlank();
		}
	}

	@Test
	void loadWithAnLdifFileShouldReplaceTheBundledEntries() throws IOException {
		Path ldif = write("one-user.ldif", """
				dn: dc=fluxbench,dc=dev
				objectClass: domain
				dc: fluxbench

				dn: uid=carol,dc=fluxbench,dc=dev
				objectClass: inetOrgPerson
				uid: carol
				cn: Carol
				sn: C
				userPassword: carol-secret
				""");

		try (Directory directory = Directory.load(0, ldif)) {
			assertThat(directory.source()).isEqualTo(ldif.toString());
			assertThat(directory.users()).isEqualTo(1);
			assertThat(directory.groups()).isZero();
		}
	}

	@Test
	void loadWithAMissingFileShouldSaySo() {
		Path missing = this.dir.resolve("missing.ldif");

		assertBadArgument(() -> Directory.load(0, missing))
			.withMessage("cannot read the LDIF " + missing + ": no such file");
	}

	@Test
	void loadWithADirectoryShouldSaySo() {
		assertBadArgument(() -> Directory.load(0, this.dir))
			.withMessage("cannot read the LDIF " + this.dir + ": it is a directory");
	}

	@Test
	void loadWithTextThatIsNoLdifShouldGiveTheParsersReasonOnOneLine() throws IOException {
		Path ldif = write("junk.ldif", "this is not LDIF\n");

		assertBadArgument(() -> Directory.load(0, ldif))
			.withMessageStartingWith("the LDIF " + ldif + " does not load: ")
			.withMessageContaining("did not begin with 'dn:'");
	}

	@Test
	void loadWithAnEntryTheSchemaRefusesShouldNameTheMissingAttributes() throws IOException {
		Path ldif = write("no-sn.ldif", """
				dn: dc=fluxbench,dc=dev
				objectClass: domain
				dc: fluxbench

				dn: uid=x,dc=fluxbench,dc=dev
				objectClass: inetOrgPerson
				uid: x
				cn: X
				""");

		assertBadArgument(() -> Directory.load(0, ldif)).withMessageContaining("uid=x,dc=fluxbench,dc=dev")
			.withMessageContaining("missing required attribute sn");
	}

	@Test
	void loadWithEntriesOutsideTheBaseDnShouldRefuse() throws IOException {
		Path ldif = write("other.ldif", """
				dn: dc=example,dc=com
				objectClass: domain
				dc: example
				""");

		assertBadArgument(() -> Directory.load(0, ldif)).withMessageContaining("dc=example,dc=com")
			.withMessageContaining("not within any of the base DNs");
	}

	@Test
	void loadWithoutTheBaseEntryShouldRefuseRatherThanAnswerNoSuchObjectLater() throws IOException {
		Path ldif = write("empty.ldif", "");

		assertBadArgument(() -> Directory.load(0, ldif))
			.withMessage("the LDIF " + ldif + " has no entry dc=fluxbench,dc=dev");
	}

	private Path write(String name, String content) throws IOException {
		return Files.writeString(this.dir.resolve(name), content);
	}

	private static List<String> groupsOf(Directory directory, String uid) throws LDAPException {
		return directory.server()
			.search(GROUPS, SearchScope.ONE, "(member=uid=" + uid + "," + PEOPLE + ")", "cn")
			.getSearchEntries()
			.stream()
			.map((group) -> group.getAttributeValue("cn"))
			.toList();
	}

	private static ThrowableAssertAlternative<StartupException> assertBadArgument(ThrowingCallable call) {
		return assertThatExceptionOfType(StartupException.class).isThrownBy(call)
			.satisfies((ex) -> assertThat(ex.exitCode()).isEqualTo(2))
			.satisfies((ex) -> assertThat(ex.getMessage()).doesNotContain("\n", "  "));
	}

}
