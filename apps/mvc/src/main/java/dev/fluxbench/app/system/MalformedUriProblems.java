package dev.fluxbench.app.system;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

import org.apache.catalina.Container;
import org.apache.catalina.Pipeline;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;

import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;

/**
 * Tomcat refuses a request target it cannot decode, such as
 * {@code /concerts/data/artists/%}, before it has a servlet to give it to, and its host's
 * error report valve answers with HTML. This valve answers such a 400 with the contract's
 * problem+json instead, as webflux does.
 */
@Component
class MalformedUriProblems implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {

	/** After Boot's customizer, whose own error report valve this one replaces. */
	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

	@Override
	public void customize(TomcatServletWebServerFactory factory) {
		factory.addContextCustomizers((context) -> replaceErrorReportValve(context.getParent()));
	}

	private static void replaceErrorReportValve(Container host) {
		Pipeline pipeline = host.getPipeline();
		for (Valve valve : pipeline.getValves()) {
			if (valve instanceof ErrorReportValve) {
				pipeline.removeValve(valve);
			}
		}
		pipeline.addValve(new ProblemReportValve());
		// A host adds a valve of this class when it starts unless it finds one: ours,
		// then.
		if (host instanceof StandardHost standard) {
			standard.setErrorReportValveClass(ProblemReportValve.class.getName());
		}
	}

	/**
	 * Boot's valve (no report, no server info) but for a 400 no servlet saw: that is a
	 * malformed URI.
	 */
	static final class ProblemReportValve extends ErrorReportValve {

		ProblemReportValve() {
			setShowReport(false);
			setShowServerInfo(false);
		}

		@Override
		protected void report(Request request, Response response, Throwable throwable) {
			if (response.getStatus() != HttpStatus.BAD_REQUEST.value() || request.getContext() != null
					|| response.getContentWritten() > 0) {
				super.report(request, response, throwable);
				return;
			}
			if (!response.setErrorReported()) {
				return;
			}
			try {
				response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
				response.setCharacterEncoding(StandardCharsets.UTF_8.name());
				PrintWriter writer = response.getReporter();
				if (writer != null) {
					writer.write(new String(MalformedUris.json(request.getRequestURI()), StandardCharsets.UTF_8));
					response.finishResponse();
				}
			}
			catch (IOException | IllegalStateException ex) {
				// The client is gone or the answer has started: there is nobody left to
				// tell.
			}
		}

	}

}
