package dev.fluxbench.app.system;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import dev.fluxbench.app.account.Accounts;
import dev.fluxbench.contract.problem.ProblemType;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.json.JsonAssert;
import org.springframework.test.json.JsonCompareMode;

import static dev.fluxbench.app.system.ProblemJson.problem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A request target Tomcat cannot decode never reaches Spring: the valve in place of
 * Tomcat's error report answers it in the contract's shape. Sent on a raw socket, since
 * no HTTP client sends it. The properties of {@code OperationControllerTests}, so that
 * the two share one context.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = { Accounts.DATABASE, Accounts.BCRYPT_COST })
class MalformedUriProblemsTests {

	@LocalServerPort
	private int port;

	@Test
	void barePercentInThePathShouldAnswer400InvalidParameterAsProblemJson() throws IOException {
		String answer = rawGet("/concerts/data/artists/%");

		assertThat(answer).startsWith("HTTP/1.1 400");
		assertThat(answer.toLowerCase()).contains("content-type: application/problem+json");
		JsonAssert.comparator(JsonCompareMode.LENIENT)
			.assertIsMatch(problem(ProblemType.INVALID_PARAMETER, "/concerts/data/artists/%25",
					MalformedUris.problem().detail()), body(answer));
	}

	@Test
	void badPercentEncodingShouldAnswer400InvalidParameterAsProblemJson() throws IOException {
		String answer = rawGet("/concerts/data/artists/%zz?size=1");

		assertThat(answer).startsWith("HTTP/1.1 400");
		JsonAssert.comparator(JsonCompareMode.LENIENT)
			.assertIsMatch(problem(ProblemType.INVALID_PARAMETER, "/concerts/data/artists/%25zz",
					MalformedUris.problem().detail()), body(answer));
	}

	private String rawGet(String target) throws IOException {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			OutputStream out = socket.getOutputStream();
			out.write(("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

	private static String body(String answer) {
		String body = answer.substring(answer.indexOf("\r\n\r\n") + 4);
		// A chunked answer: the JSON is between the first chunk's size line and its end.
		return body.startsWith("{") ? body : body.substring(body.indexOf('{'), body.lastIndexOf('}') + 1);
	}

}
