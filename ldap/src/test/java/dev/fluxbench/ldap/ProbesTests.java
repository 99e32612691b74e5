package dev.fluxbench.ldap;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ProbesTests {

	@Test
	void jsonShouldEscapeWhatAFilePathCanHold() {
		assertThat(Probes.json("C:\\seed \"a\".ldif")).isEqualTo("\"C:\\\\seed \\\"a\\\".ldif\"");
		assertThat(Probes.json("line\nbreak\ttab")).isEqualTo("\"line\\u000abreak\\u0009tab\"");
		assertThat(Probes.json("dc=fluxbench,dc=dev")).isEqualTo("\"dc=fluxbench,dc=dev\"");
	}

}
