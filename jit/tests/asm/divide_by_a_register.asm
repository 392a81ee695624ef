function main (asm, 291 bytes)
    00000  jmp 0000000000000077h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 5: div
    00013  mov rax,rsi
    00016  mov rcx,rdi
    00019  test rcx,rcx
    0001c  je 0000000000000047h
    00022  cmp rcx,0FFFFFFFFFFFFFFFFh
    00029  jne 0000000000000037h
    0002f  neg rax
    00032  jmp 000000000000003Ch
    00037  cqo
    00039  idiv rcx
    0003c  mov rsi,rax
; line 6: ret
    0003f  mov rax,rsi
    00042  mov rsp,rbp
    00045  pop rbp
    00046  ret
; trap: division by zero at line 5
    00047  mov rdi,r12
    0004a  mov rsi,0
    00054  mov rdx,0
    0005e  mov rax,ADDR
    00068  call rax  ; jit_trap
    0006a  jmp 000000000000006Fh
; unwind to the entry from the interpreter
    0006f  mov rsp,[r15+28h]
    00076  ret
; external entry (from the interpreter)
    00077  push rbp
    00078  mov rbp,rsp
    0007b  push rbx
    0007c  push r12
    0007e  push r13
    00080  push r14
    00082  push r15
    00084  mov r12,rdi
    00087  mov r15,ADDR
    00091  push qword ptr [r15+28h]
    00098  mov r14,8
    000a2  mov r13,[r15+10h]
    000a9  sub r13,[r15]
    000b0  lea rax,[0FCh]
    000b7  push rax
    000b8  mov [r15+28h],rsp
    000bf  sub rsp,8
    000c3  mov rdx,rsi
    000c6  sub rsp,10h
    000cd  mov rsi,[rdx]
    000d4  mov rdi,[rdx+8]
    000db  call 8
    000e0  xor edx,edx
    000e2  lea rsp,[rbp-30h]
    000e9  pop rcx
    000ea  mov [r15+28h],rcx
    000f1  pop r15
    000f3  pop r14
    000f5  pop r13
    000f7  pop r12
    000f9  pop rbx
    000fa  pop rbp
    000fb  ret
    000fc  lea rbp,[rsp+30h]
    00104  mov edx,1
    00109  lea rsp,[rbp-30h]
    00110  pop rcx
    00111  mov [r15+28h],rcx
    00118  pop r15
    0011a  pop r14
    0011c  pop r13
    0011e  pop r12
    00120  pop rbx
    00121  pop rbp
    00122  ret

