## plugins/tuknanavuhpi: automake fragment (see Makefile.am)
