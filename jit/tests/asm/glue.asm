glue (1048 bytes)
; the entry from the interpreter
    00000  push rbp
    00001  mov rbp,rsp
    00004  push rbx
    00005  push r12
    00007  push r13
    00009  push r14
    0000b  push r15
    0000d  mov r15,rax
    00010  mov r14,rcx
    00013  mov [r15+30h],rdi
    0001a  push qword ptr [r15+28h]
    00021  mov r13,[r15+10h]
    00028  sub r13,[r15]
    0002f  lea rax,[10Eh]
    00036  push rax
    00037  mov [r15+28h],rsp
    0003e  sub rsp,8
    00042  mov rdx,rsi
    00045  mov eax,r10d
    00048  and eax,0FFFFFFFh
    0004d  shr r10d,1Ch
    00051  lea rcx,[rax*8+0Fh]
    00059  and rcx,0FFFFFFFFFFFFFFF0h
    0005d  cmp rcx,1000h
    00064  jbe 0000000000000085h
    0006a  sub rsp,1000h
    00071  mov qword ptr [rsp],0
    00079  sub rcx,1000h
    00080  jmp 000000000000005Dh
    00085  sub rsp,rcx
    00088  mov rcx,rax
    0008b  sub rcx,r10
    0008e  je 000000000000009Fh
    00094  lea rsi,[rdx+r10*8]
    00098  lea rdi,[rsp+r10*8]
    0009c  rep movsq [rdi],[rsi]
    0009f  cmp r10d,0
    000a6  je 00000000000000EFh
    000ac  mov rsi,[rdx]
    000b3  cmp r10d,1
    000ba  je 00000000000000EFh
    000c0  mov rdi,[rdx+8]
    000c7  cmp r10d,2
    000ce  je 00000000000000EFh
    000d4  mov r8,[rdx+10h]
    000db  cmp r10d,3
    000e2  je 00000000000000EFh
    000e8  mov r9,[rdx+18h]
    000ef  call r11
    000f2  xor edx,edx
    000f4  lea rsp,[rbp-30h]
    000fb  pop rcx
    000fc  mov [r15+28h],rcx
    00103  pop r15
    00105  pop r14
    00107  pop r13
    00109  pop r12
    0010b  pop rbx
    0010c  pop rbp
    0010d  ret
    0010e  lea rbp,[rsp+30h]
    00116  mov edx,1
    0011b  jmp 00000000000000F4h
; a call, 0 in registers
    00120  mov rdx,[r15+38h]
    00127  mov rdx,[rdx+rax*8]
    0012b  sub r13,1
    0012f  jb 0000000000000154h
    00135  test rdx,rdx
    00138  je 0000000000000154h
    0013e  cmp rsp,[r15+20h]
    00145  jb 0000000000000154h
    0014b  add rdx,8
    00152  jmp rdx
    00154  mov rdx,0FFFFFFFFFFFFFFFFh
    0015b  jmp 0000000000000260h
; a call, 1 in registers
    00160  mov rdx,[r15+38h]
    00167  mov rdx,[rdx+rax*8]
    0016b  sub r13,1
    0016f  jb 0000000000000194h
    00175  test rdx,rdx
    00178  je 0000000000000194h
    0017e  cmp rsp,[r15+20h]
    00185  jb 0000000000000194h
    0018b  add rdx,8
    00192  jmp rdx
    00194  mov rdx,0FFFFFFFFFFFFFFFFh
    0019b  jmp 000000000000029Eh
; a call, 2 in registers
    001a0  mov rdx,[r15+38h]
    001a7  mov rdx,[rdx+rax*8]
    001ab  sub r13,1
    001af  jb 00000000000001D4h
    001b5  test rdx,rdx
    001b8  je 00000000000001D4h
    001be  cmp rsp,[r15+20h]
    001c5  jb 00000000000001D4h
    001cb  add rdx,8
    001d2  jmp rdx
    001d4  mov rdx,0FFFFFFFFFFFFFFFFh
    001db  jmp 00000000000002E1h
; a call, 3 in registers
    001e0  mov rdx,[r15+38h]
    001e7  mov rdx,[rdx+rax*8]
    001eb  sub r13,1
    001ef  jb 0000000000000214h
    001f5  test rdx,rdx
    001f8  je 0000000000000214h
    001fe  cmp rsp,[r15+20h]
    00205  jb 0000000000000214h
    0020b  add rdx,8
    00212  jmp rdx
    00214  mov rdx,0FFFFFFFFFFFFFFFFh
    0021b  jmp 0000000000000329h
; a call, 4 in registers
    00220  mov rdx,[r15+38h]
    00227  mov rdx,[rdx+rax*8]
    0022b  sub r13,1
    0022f  jb 0000000000000254h
    00235  test rdx,rdx
    00238  je 0000000000000254h
    0023e  cmp rsp,[r15+20h]
    00245  jb 0000000000000254h
    0024b  add rdx,8
    00252  jmp rdx
    00254  mov rdx,0FFFFFFFFFFFFFFFFh
    0025b  jmp 0000000000000376h
; calls through jit_call, 0 in registers
    00260  add rdx,[r15+10h]
    00267  sub rdx,r13
    0026a  mov [r15],rdx
    0026d  mov esi,eax
    0026f  lea rdx,[rsp+8]
    00274  mov rdi,[r15+30h]
    00278  mov rax,ADDR
    00282  sub rsp,8
    00286  push r10
    00288  push r11
    0028a  call rax  ; jit_call
    0028c  pop r11
    0028e  pop r10
    00290  add rsp,8
    00294  test rdx,rdx
    00297  jne 0000000000000413h
    0029d  ret
; calls through jit_call, 1 in registers
    0029e  mov [rsp+8],rsi
    002a3  add rdx,[r15+10h]
    002aa  sub rdx,r13
    002ad  mov [r15],rdx
    002b0  mov esi,eax
    002b2  lea rdx,[rsp+8]
    002b7  mov rdi,[r15+30h]
    002bb  mov rax,ADDR
    002c5  sub rsp,8
    002c9  push r10
    002cb  push r11
    002cd  call rax  ; jit_call
    002cf  pop r11
    002d1  pop r10
    002d3  add rsp,8
    002d7  test rdx,rdx
    002da  jne 0000000000000413h
    002e0  ret
; calls through jit_call, 2 in registers
    002e1  mov [rsp+8],rsi
    002e6  mov [rsp+10h],rdi
    002eb  add rdx,[r15+10h]
    002f2  sub rdx,r13
    002f5  mov [r15],rdx
    002f8  mov esi,eax
    002fa  lea rdx,[rsp+8]
    002ff  mov rdi,[r15+30h]
    00303  mov rax,ADDR
    0030d  sub rsp,8
    00311  push r10
    00313  push r11
    00315  call rax  ; jit_call
    00317  pop r11
    00319  pop r10
    0031b  add rsp,8
    0031f  test rdx,rdx
    00322  jne 0000000000000413h
    00328  ret
; calls through jit_call, 3 in registers
    00329  mov [rsp+8],rsi
    0032e  mov [rsp+10h],rdi
    00333  mov [rsp+18h],r8
    00338  add rdx,[r15+10h]
    0033f  sub rdx,r13
    00342  mov [r15],rdx
    00345  mov esi,eax
    00347  lea rdx,[rsp+8]
    0034c  mov rdi,[r15+30h]
    00350  mov rax,ADDR
    0035a  sub rsp,8
    0035e  push r10
    00360  push r11
    00362  call rax  ; jit_call
    00364  pop r11
    00366  pop r10
    00368  add rsp,8
    0036c  test rdx,rdx
    0036f  jne 0000000000000413h
    00375  ret
; calls through jit_call, 4 in registers
    00376  mov [rsp+8],rsi
    0037b  mov [rsp+10h],rdi
    00380  mov [rsp+18h],r8
    00385  mov [rsp+20h],r9
    0038a  add rdx,[r15+10h]
    00391  sub rdx,r13
    00394  mov [r15],rdx
    00397  mov esi,eax
    00399  lea rdx,[rsp+8]
    0039e  mov rdi,[r15+30h]
    003a2  mov rax,ADDR
    003ac  sub rsp,8
    003b0  push r10
    003b2  push r11
    003b4  call rax  ; jit_call
    003b6  pop r11
    003b8  pop r10
    003ba  add rsp,8
    003be  test rdx,rdx
    003c1  jne 0000000000000413h
    003c7  ret
; division by zero through jit_trap
    003c8  mov rdi,[r15+30h]
    003cc  xor esi,esi
    003ce  mov rax,ADDR
    003d8  call rax  ; jit_trap
    003da  jmp 0000000000000413h
; memory access out of bounds through jit_trap
    003df  mov rdi,[r15+30h]
    003e3  mov esi,1
    003e8  mov rax,ADDR
    003f2  call rax  ; jit_trap
    003f4  jmp 0000000000000413h
; stack overflow through jit_trap
    003f9  mov rdi,[r15+30h]
    003fd  mov esi,2
    00402  mov rax,ADDR
    0040c  call rax  ; jit_trap
    0040e  jmp 0000000000000413h
; unwind to the entry from the interpreter
    00413  mov rsp,[r15+28h]
    00417  ret
