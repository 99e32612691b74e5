package dev.fluxbench.ldap;

import java.nio.file.Path;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.assertj.core.api.ThrowableAssertAlternative;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class OptionsTests {

	@Test
	void parseWithoutArgumentsShouldUseTheBundledLdifAndTheDefaultPorts() {
		Options options = Options.parse();

		assertThat(options.ldapPort()).isEqualTo(8389);
		assertThat(options.httpPort()).isEqualTo(8390);
		assertThat(options.ldifFile()).isEmpty();
	}

	@Test
	void parseShouldReadEveryOption() {
		Options options = Options.parse("--ldap.port=10389", "--server.port=18080", "--ldif=seed/test.ldif");

		assertThat(options.ldapPort()).isEqualTo(10389);
		assertThat(options.httpPort()).isEqualTo(18080);
		assertThat(options.ldifFile()).contains(Path.of("seed/test.ldif"));
	}

	@Test
	void parseWithPortShouldTakeItAsTheLdapPort() {
		assertThat(Options.parse("--port=10389").ldapPort()).isEqualTo(10389);
	}

	@Test
	void parseWithPortZeroShouldAcceptItForBothServers() {
		// 0 asks the kernel for any free port, one each.
		Options options = Options.parse("--ldap.port=0", "--server.port=0");

		assertThat(options.ldapPort()).isZero();
		assertThat(options.httpPort()).isZero();
	}

	@Test
	void parseWithTheServerPortLastShouldAcceptItAsTheLauncherAppendsIt() {
		assertThat(Options.parse("--ldap.port=0", "--server.port=41234").httpPort()).isEqualTo(41234);
	}

	@Test
	void parseWithAnUnknownOptionShouldNameItAndListTheKnownOnes() {
		assertBadArgument(() -> Options.parse("--ldap.prot=1")).withMessage(
				"unknown argument '--ldap.prot=1'; options are --ldap.port=N (or --port=N), --server.port=N and --ldif=PATH");
	}

	@Test
	void parseWithAnArgumentThatIsNoOptionShouldNameIt() {
		assertBadArgument(() -> Options.parse("ldif.ldif")).withMessageStartingWith("unknown argument 'ldif.ldif';");
	}

	@ParameterizedTest
	@ValueSource(strings = { "-1", "65536", "ldap", "8389.0", " 8389" })
	void parseWithAPortThatIsNoPortShouldSayWhatAPortIs(String port) {
		assertBadArgument(() -> Options.parse("--server.port=" + port)).withMessage(
				"--server.port must be a TCP port from 1 to 65535, or 0 for any free port, not '" + port + "'");
	}

	@Test
	void parseWithAnOptionWithoutValueShouldShowTheForm() {
		assertBadArgument(() -> Options.parse("--ldif")).withMessage("--ldif needs a value, as in --ldif=PATH");
		assertBadArgument(() -> Options.parse("--port=")).withMessage("--port needs a value, as in --port=N");
	}

	@Test
	void parseWithAnOptionGivenTwiceShouldRefuseRatherThanPickOne() {
		assertBadArgument(() -> Options.parse("--ldif=a.ldif", "--ldif=b.ldif")).withMessage("--ldif is given twice");
		assertBadArgument(() -> Options.parse("--port=1389", "--ldap.port=2389"))
			.withMessage("--ldap.port is given twice (--port is short for --ldap.port)");
	}

	@Test
	void parseWithTheSamePortForBothServersShouldRefuse() {
		assertBadArgument(() -> Options.parse("--ldap.port=9000", "--server.port=9000")).withMessage(
				"--ldap.port and --server.port are both 9000: the directory and its HTTP endpoints need a port each");
	}

	private static ThrowableAssertAlternative<StartupException> assertBadArgument(ThrowingCallable call) {
		return assertThatExceptionOfType(StartupException.class).isThrownBy(call)
			.satisfies((ex) -> assertThat(ex.exitCode()).isEqualTo(2));
	}

}
