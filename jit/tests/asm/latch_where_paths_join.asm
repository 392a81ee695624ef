function main (asm, 337 bytes)
    00000  jmp 00000000000000A8h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  mov eax,0
    0000e  cmp rax,rsi
    00011  jl 000000000000001Eh
; return before the frame
    00017  mov eax,0
    0001d  ret
; frame
    0001e  push rbp
    0001f  mov rbp,rsp
    00022  sub rsp,0
    00029  mov r9,rsi
    0002c  mov edi,0
    00032  mov esi,0
; line 9: jge
    00038  cmp rsi,r9
    0003b  jl 000000000000006Dh
    00041  jmp 0000000000000096h
    00046  nop [rax+rax]
    0004f  nop [rax+rax]
    00058  nop [rax+rax]
; line 14: add
    00060  add rsi,1
; line 15: jmp
; line 9: jge
    00064  cmp rsi,r9
    00067  jge 0000000000000096h
; line 10: and
    0006d  test rsi,3
    00074  jne 0000000000000060h
; line 12: div
    00076  mov rax,6666666666666667h
    00080  imul rsi
    00083  sar rdx,1
    00087  mov rax,rdx
    0008a  shr rax,3Fh
    0008e  add rax,rdx
    00091  mov rdi,rax
    00094  jmp 0000000000000060h
; line 17: ret
    00096  mov rax,rdi
    00099  mov rsp,rbp
    0009c  pop rbp
    0009d  ret
    0009e  jmp 0000000000000060h
; unwind to the entry from the interpreter
    000a0  mov rsp,[r15+28h]
    000a7  ret
; external entry (from the interpreter)
    000a8  push rbp
    000a9  mov rbp,rsp
    000ac  push rbx
    000ad  push r12
    000af  push r13
    000b1  push r14
    000b3  push r15
    000b5  mov r15,ADDR
    000bf  mov [r15+30h],rdi
    000c6  push qword ptr [r15+28h]
    000cd  mov r14,8
    000d7  mov r13,[r15+10h]
    000de  sub r13,[r15]
    000e5  lea rax,[12Ah]
    000ec  push rax
    000ed  mov [r15+28h],rsp
    000f4  sub rsp,8
    000f8  mov rdx,rsi
    000fb  sub rsp,10h
    00102  mov rsi,[rdx]
    00109  call 8
    0010e  xor edx,edx
    00110  lea rsp,[rbp-30h]
    00117  pop rcx
    00118  mov [r15+28h],rcx
    0011f  pop r15
    00121  pop r14
    00123  pop r13
    00125  pop r12
    00127  pop rbx
    00128  pop rbp
    00129  ret
    0012a  lea rbp,[rsp+30h]
    00132  mov edx,1
    00137  lea rsp,[rbp-30h]
    0013e  pop rcx
    0013f  mov [r15+28h],rcx
    00146  pop r15
    00148  pop r14
    0014a  pop r13
    0014c  pop r12
    0014e  pop rbx
    0014f  pop rbp
    00150  ret

